/**
 * The live preview beside a configuration editor: the real widget in a frame, on a preview of
 * the edited, unsaved draft (POST /api/back-office/v1/previews: a hidden copy of the brand with
 * the draft applied by the same checks as a save; its cashier never pays). A new preview is asked
 * for shortly after the draft stops changing, and for another flow or theme; the phone width
 * only narrows the frame. A draft the server refuses keeps the last preview and says why.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, ToggleButton } from 'react-aria-components';
import { ApiError } from '../../api/http';
import { createPreview } from '../../api/configuration';
import type { PreviewDraft } from '../../api/configuration';
import { errorText } from '../../ui/errors';
import { SelectField } from '../../ui/fields';
import { useI18n } from '../../i18n/i18n';

/** How long the draft must stay unchanged before a new preview is asked for. */
const SETTLE_MS = 400;

/** The built-in light and dark themes of the widget. */
const THEMES = { draft: undefined, light: 'brand0', dark: 'brand1' } as const;
type ThemeChoice = keyof typeof THEMES;

/** The draft's parts: everything of a preview request but the session's own choices. */
export type DraftParts = Omit<PreviewDraft, 'flow' | 'theme'>;

export function PreviewPane({
  draft,
  flow: initialFlow = 'deposit',
  theme: draftTheme,
}: {
  readonly draft: DraftParts;
  readonly flow?: 'deposit' | 'withdrawal';
  /** The theme the draft edits, shown as "as configured". */
  readonly theme?: string;
}): ReactNode {
  const i18n = useI18n();
  const { t } = i18n;
  const [flow, setFlow] = useState<'deposit' | 'withdrawal'>(initialFlow);
  const [theme, setTheme] = useState<ThemeChoice>('draft');
  const [phone, setPhone] = useState(false);
  const [round, setRound] = useState(0);
  const [url, setUrl] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  /** The request the frame and the error are of (busy while it is not the current one). */
  const [settled, setSettled] = useState('');
  const chosenTheme = THEMES[theme] ?? draftTheme;
  const request: PreviewDraft = {
    ...draft,
    flow,
    ...(chosenTheme === undefined ? {} : { theme: chosenTheme }),
  };
  const key = `${JSON.stringify(request)}#${String(round)}`;
  useEffect(() => {
    const live = { now: true };
    const timer = setTimeout(() => {
      createPreview(request).then(
        (preview) => {
          if (!live.now) return;
          setUrl(preview.widget_url);
          setError(undefined);
          setSettled(key);
        },
        (refused: unknown) => {
          if (!live.now) return;
          setError(refused);
          setSettled(key);
        },
      );
    }, SETTLE_MS);
    return () => {
      live.now = false;
      clearTimeout(timer);
    };
    // `request` is new each render; `key` says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const busy = settled !== key;
  const field = error instanceof ApiError ? error.field : undefined;
  return (
    <section className="bo-card bo-preview" aria-labelledby="preview-title">
      <h2 className="bo-h2" id="preview-title">
        {t('preview.title')}
      </h2>
      <p className="bo-muted">{t('preview.note')}</p>
      <div className="bo-preview__controls">
        <SelectField
          label={t('preview.flow')}
          name="preview_flow"
          value={flow}
          onChange={(value) => {
            setFlow(value === 'withdrawal' ? 'withdrawal' : 'deposit');
          }}
          options={[
            { id: 'deposit', label: t('flow.deposit') },
            { id: 'withdrawal', label: t('flow.withdrawal') },
          ]}
        />
        <SelectField
          label={t('preview.theme')}
          name="preview_theme"
          value={theme}
          onChange={(value) => {
            setTheme(value === 'light' || value === 'dark' ? value : 'draft');
          }}
          options={[
            { id: 'draft', label: t('preview.themeDraft') },
            { id: 'light', label: t('preview.themeLight') },
            { id: 'dark', label: t('preview.themeDark') },
          ]}
        />
        <ToggleButton
          className="bo-button bo-button--secondary bo-preview__toggle"
          isSelected={phone}
          onChange={setPhone}
        >
          {t('preview.phone')}
        </ToggleButton>
        <Button
          className="bo-button bo-button--ghost"
          onPress={() => {
            setRound((value) => value + 1);
          }}
        >
          {t('preview.refresh')}
        </Button>
      </div>
      <div role="status" className="bo-preview__status">
        {busy ? t('preview.loading') : null}
      </div>
      {error === undefined ? null : (
        <div className="bo-notice bo-notice--error" role="alert">
          {field === undefined
            ? t('preview.refused', { reason: errorText(i18n, error) })
            : t('preview.refusedField')}
        </div>
      )}
      <div className={phone ? 'bo-preview__stage bo-preview__stage--phone' : 'bo-preview__stage'}>
        {url === undefined ? null : (
          <iframe
            className="bo-preview__frame"
            title={t('preview.frame')}
            src={url}
            sandbox="allow-scripts allow-same-origin allow-forms"
          />
        )}
      </div>
    </section>
  );
}
