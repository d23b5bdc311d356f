import { ICON_SIZE_LOW, linkTarget } from '@cashdesk/domain';
import type { FormField, Method } from '@cashdesk/domain';
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenShown } from '../browser/first-screen';
import { useAppSelector } from '../store/hooks';
import { AmountSummary, FieldView } from '../fields';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Icon } from '../ui/icon';
import { METHOD_TITLE_ID } from './method-page-parts';
import type { AnyMethodDetail, MethodForm } from './method-form';
import type { MethodFormController } from './use-method-form';
import { MethodViewData } from './view-data';
import { PciDssMark } from './pci-dss-mark';

interface MethodFormLayoutProps {
  readonly form: MethodForm;
  readonly detail: AnyMethodDetail;
  readonly method: Method;
  readonly controller: MethodFormController;
  /** Above the amount (the withdrawal's balance). */
  readonly beforeAmount?: ReactNode;
  /** Between the amount and the fields (the withdrawal's account choice). */
  readonly afterAmount?: ReactNode;
  /** Right after a field (the deposit's one-time code sender after its code field). */
  readonly afterField?: (field: FormField) => ReactNode;
  /** Notices above the submit button (routing, a missing bank page, a blocked redirect). */
  readonly notices?: ReactNode;
}

/**
 * SPEC §2 method page form of either flow, as its one controller runs it: the amount with its
 * summary, the flow's parts around it, the fields in order, the notices, the submit button with
 * the amount, and the method's information (processing time, info text, description link).
 */
export function MethodFormLayout({
  form,
  detail,
  method,
  controller,
  beforeAmount,
  afterAmount,
  afterField,
  notices,
}: MethodFormLayoutProps) {
  useFirstScreenShown();
  return (
    <>
      <MethodViewData
        entries={detail.view_data}
        payGroupId={method.id}
        currency={form.currency}
        precision={form.precision}
      />
      <form
        className="cd-method__form"
        noValidate
        onSubmit={controller.onSubmit}
        aria-labelledby={METHOD_TITLE_ID}
      >
        {beforeAmount}
        <div className="cd-method__amount">
          <FieldView {...controller.fieldProps(form.amountField)} />
          <AmountSummary amount={controller.amountText} context={controller.contexts.amount} />
        </div>
        {afterAmount}
        {controller.shown.map((field) => (
          <Fragment key={field.name}>
            <FieldView {...controller.fieldProps(field)} />
            {afterField?.(field)}
          </Fragment>
        ))}
        {notices}
        <Button
          type="submit"
          block
          className="cd-method__submit"
          disabled={controller.waiting}
          aria-busy={controller.waiting}
        >
          {controller.submitLabel}
        </Button>
      </form>
      <PciDssMark form={form} />
      <MethodInfo detail={detail} method={method} />
    </>
  );
}

/**
 * SPEC §2 method page info block: the processing time, the method's info text (a translation
 * key or plain text) and the link to its description (the info itself when it is an address).
 */
function MethodInfo({ detail, method }: { detail: AnyMethodDetail; method: Method }) {
  const { t, i18n } = useTranslation();
  const device = useAppSelector((state) => state.session.environment.device);
  const known = (key: string | null | undefined): string | null =>
    key !== null && key !== undefined && key !== '' && i18n.exists(key) ? t(key) : null;
  const processingTime =
    known(detail.processing_time_translation_key) ?? known(method.processingTime);
  const info = detail.info ?? null;
  const infoIsLink = info !== null && /^https?:\/\//i.test(info);
  const infoText = info === null || infoIsLink ? null : (known(info) ?? info);
  const descriptionUrl = infoIsLink ? info : method.descriptionUrl;
  if (processingTime === null && infoText === null && descriptionUrl === null) return null;
  return (
    <aside className="cd-method__info" aria-label={t('DEPOSIT_METHOD.INFO_TITLE')}>
      {processingTime === null ? null : (
        <p className="cd-method__info-line">
          <Icon name="clock" size={ICON_SIZE_LOW} /> {processingTime}
        </p>
      )}
      {infoText === null ? null : <p className="cd-method__info-line">{infoText}</p>}
      {descriptionUrl === null ? null : method.infoInIframe ? (
        <DescriptionInFrame url={descriptionUrl} title={method.displayName} />
      ) : (
        <a
          className="cd-method__info-link"
          href={descriptionUrl}
          target={linkTarget({ isSelfTarget: method.isSelfTarget, device })}
          rel="noopener noreferrer"
        >
          {t('DEPOSIT_METHOD.MORE_INFO')}
          <Icon name="open_in_new" size={ICON_SIZE_LOW} />
        </a>
      )}
    </aside>
  );
}

/**
 * SPEC §3 `info_in_iframe`: the method's description opens inside the cashier, in a dialog with
 * the page in a sandboxed frame, so the player never leaves the payment. The page is the
 * operator's (any HTTPS origin); it gets no referrer, and a link under it opens it in a new tab
 * should it refuse to be framed.
 */
function DescriptionInFrame({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="cd-button cd-button--link cd-method__info-link"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('DEPOSIT_METHOD.MORE_INFO')}
      </button>
      <Dialog
        open={open}
        title={title}
        onClose={close}
        actions={
          <Button type="button" onClick={close}>
            {t('APP.CLOSE')}
          </Button>
        }
      >
        <iframe
          className="cd-method__info-frame"
          src={url}
          title={t('DEPOSIT_METHOD.INFO_TITLE')}
          sandbox="allow-scripts allow-same-origin allow-popups"
          referrerPolicy="no-referrer"
          loading="lazy"
        />
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('DEPOSIT_METHOD.INFO_NEW_TAB')}
          <Icon name="open_in_new" size={ICON_SIZE_LOW} />
        </a>
      </Dialog>
    </>
  );
}
