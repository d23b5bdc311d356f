/**
 * SPEC §3 information display kinds of a method's `view_data` (text, line, information_block,
 * popup, collapse, additional_info, wager), shown above the method's form. The spec names the
 * kinds only; how each one looks is designed here:
 * - text: a paragraph, with its title in bold before it;
 * - line: one line, "title: text" (or the value, as money in the form's currency);
 * - information_block: a bordered note with its title;
 * - popup: a button named by its title that opens the text in a dialog;
 * - collapse: a disclosure (`<details>`) whose summary is the title;
 * - additional_info: a small, muted line with an info mark (a hint beside the main texts);
 * - wager: the wager notice of the withdrawal homepage (what is left to wager).
 * Titles and texts are the operator's: a translation key is shown in the player's language,
 * anything else as written (ServerText).
 *
 * @packageDocumentation
 */
import type { ViewDataItem } from '@cashdesk/contract';
import { ICON_SIZE_LOW, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../i18n/format';
import { useMoneyFormat } from '../i18n/use-money-format';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Icon } from '../ui/icon';
import { ServerText } from '../ui/server-text';
import './view-data.css';

interface MethodViewDataProps {
  /** The method detail's view_data. */
  readonly entries: readonly ViewDataItem[];
  /** The method's pay group: an entry naming another pay group is not its own. */
  readonly payGroupId: number;
  /** The form's currency and precision, for an entry's value. */
  readonly currency: string;
  readonly precision: number;
}

/** SPEC §3 view_data of a method page: each entry of the method, in the server's order. */
export function MethodViewData({ entries, payGroupId, currency, precision }: MethodViewDataProps) {
  const money = useMoneyFormat();
  const own = entries.filter(
    (entry) => entry.pay_group_id === undefined || entry.pay_group_id === payGroupId,
  );
  if (own.length === 0) return null;
  const valueOf = (entry: ViewDataItem): string | null =>
    entry.value === undefined ? null : isolateLtr(money.money(entry.value, currency, precision));
  return (
    <div className="cd-view-data">
      {own.map((entry, index) => (
        <ViewDataEntry
          key={`${String(index)}-${entry.type}`}
          entry={entry}
          value={valueOf(entry)}
        />
      ))}
    </div>
  );
}

interface HomeViewDataProps {
  /** The cashier response's view_data (with the default entry when there are no methods). */
  readonly entries: readonly ViewDataItem[];
}

/**
 * SPEC §3, §4 view_data of a homepage: the entries that belong to no method, in the server's
 * order. The wager entry is left out: the withdrawal homepage says it in its own notice, which
 * also replaces the list's "all methods unavailable" (SPEC §4 wager rule).
 */
export function HomeViewData({ entries }: HomeViewDataProps) {
  const shown = entries.filter(
    (entry) => entry.pay_group_id === undefined && entry.type !== 'wager',
  );
  if (shown.length === 0) return null;
  return (
    <div className="cd-view-data">
      {shown.map((entry, index) => (
        <ViewDataEntry key={`${String(index)}-${entry.type}`} entry={entry} value={null} />
      ))}
    </div>
  );
}

/** A title or text of the operator, or nothing when it is absent or empty. */
function Text({ text }: { readonly text: string | undefined }) {
  return text === undefined || text === '' ? null : <ServerText text={text} />;
}

function ViewDataEntry({
  entry,
  value,
}: {
  readonly entry: ViewDataItem;
  readonly value: string | null;
}) {
  const { t } = useTranslation();
  const hasTitle = entry.title !== undefined && entry.title !== '';
  switch (entry.type) {
    case 'text':
      return (
        <p className="cd-view-data__text">
          {hasTitle ? (
            <strong className="cd-view-data__title">
              <Text text={entry.title} />{' '}
            </strong>
          ) : null}
          <Text text={entry.text} />
          {value === null ? null : <> {value}</>}
        </p>
      );
    case 'line':
      return (
        <p className="cd-view-data__line">
          {hasTitle ? (
            <span className="cd-view-data__line-title">
              <Text text={entry.title} />
            </span>
          ) : null}
          <span className="cd-view-data__line-value">{value ?? <Text text={entry.text} />}</span>
        </p>
      );
    case 'information_block':
      return (
        <div className="cd-notice cd-view-data__block" role="note">
          {hasTitle ? (
            <p className="cd-view-data__block-title">
              <Icon name="info" size={ICON_SIZE_REGULAR_BUTTON} /> <Text text={entry.title} />
            </p>
          ) : null}
          <p className="cd-view-data__block-text">
            <Text text={entry.text} />
            {value === null ? null : <> {value}</>}
          </p>
        </div>
      );
    case 'popup':
      return <ViewDataPopup entry={entry} />;
    case 'collapse':
      return (
        <details className="cd-view-data__collapse">
          <summary className="cd-view-data__summary">
            {hasTitle ? <Text text={entry.title} /> : t('VIEW_DATA.MORE_INFO')}
          </summary>
          <p className="cd-view-data__collapse-text">
            <Text text={entry.text} />
          </p>
        </details>
      );
    case 'additional_info':
      return (
        <p className="cd-view-data__extra">
          <Icon name="info" size={ICON_SIZE_LOW} />
          <span>
            {hasTitle ? (
              <>
                <Text text={entry.title} />{' '}
              </>
            ) : null}
            <Text text={entry.text} />
          </span>
        </p>
      );
    case 'wager':
      return (
        <div className="cd-notice cd-view-data__block" role="note">
          <p className="cd-view-data__block-title">
            <Icon name="info" size={ICON_SIZE_REGULAR_BUTTON} /> {t('WITHDRAWAL.WAGER.TITLE')}
          </p>
          <p className="cd-view-data__block-text">
            {value === null
              ? t('WITHDRAWAL.WAGER.TEXT_PLAIN')
              : t('WITHDRAWAL.WAGER.TEXT', { amount: value })}
          </p>
        </div>
      );
  }
}

/** A popup entry: a button named by the title, opening the text in the cashier's dialog. */
function ViewDataPopup({ entry }: { readonly entry: ViewDataItem }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = entry.title ?? '';
  // The dialog's heading is a plain string: a key in the player's language, else as written.
  const heading = title === '' ? t('VIEW_DATA.MORE_INFO') : i18n.exists(title) ? t(title) : title;
  return (
    <>
      <Button
        type="button"
        variant="link"
        className="cd-view-data__popup"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Icon name="info" size={ICON_SIZE_LOW} /> {heading}
      </Button>
      <Dialog
        open={open}
        title={heading}
        onClose={() => {
          setOpen(false);
        }}
        actions={
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setOpen(false);
            }}
          >
            {t('APP.CLOSE')}
          </Button>
        }
      >
        <p className="cd-view-data__popup-text">
          <Text text={entry.text} />
        </p>
      </Dialog>
    </>
  );
}
