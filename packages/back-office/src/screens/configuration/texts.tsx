/**
 * The widget's texts the brand overrides, per language: the keys a language may override (the
 * text keys call, with the widget's own text of each), found by a search, edited beside the live
 * preview in that language. A save replaces the language's overrides (an empty field: the
 * widget's own text).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { readTextKeys, readTexts, saveTexts } from '../../api/configuration';
import type { TextKeys } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/values';
import { PreviewPane } from './preview-pane';
import { ConfigSections, SaveBar, useReloads, useSave, useVersioned } from './shared';

/** The languages offered: the widget's own, and German (shown with English where not set). */
const LANGUAGES = [
  { id: 'en', label: 'English (en)' },
  { id: 'ar', label: 'العربية (ar)' },
  { id: 'uk', label: 'Українська (uk)' },
  { id: 'de', label: 'Deutsch (de)' },
] as const;

/** At most this many keys are listed at once (the search narrows them). */
const SHOWN_KEYS = 40;

/** The overrides that are set: a key with an empty text shows the widget's own. */
function overridesOf(texts: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
}

function TextsEditor({
  language,
  keys,
  saved,
  version,
  onReload,
  onSaved,
}: {
  readonly language: string;
  readonly keys: TextKeys['keys'];
  readonly saved: Readonly<Record<string, string>>;
  readonly version: number;
  readonly onReload: () => void;
  readonly onSaved: () => void;
}): ReactNode {
  const { t } = useI18n();
  const [texts, setTexts] = useState<Readonly<Record<string, string>>>(saved);
  const [filter, setFilter] = useState('');
  const save = useSave(onSaved);
  const needle = filter.trim().toLowerCase();
  const matching = keys.filter(
    (entry) =>
      entry.key in texts ||
      (needle !== '' &&
        (entry.key.toLowerCase().includes(needle) ||
          entry.default_text.toLowerCase().includes(needle))),
  );
  const shown = (needle === '' && matching.length === 0 ? keys : matching).slice(0, SHOWN_KEYS);
  const overrides = overridesOf(texts);
  return (
    <div className="bo-config-layout">
      <section className="bo-card bo-config-editor" aria-labelledby="texts-title">
        <h2 className="bo-h2" id="texts-title">
          {t('config.texts')}
        </h2>
        <TextInput
          label={t('config.texts.filter')}
          description={t('config.texts.filterHelp')}
          name="filter"
          type="search"
          value={filter}
          onChange={setFilter}
        />
        <p className="bo-muted">
          {t('config.texts.shown', { shown: String(shown.length), total: String(keys.length) })}
        </p>
        <ul className="bo-config-keys">
          {shown.map((entry) => (
            <li key={entry.key}>
              <TextInput
                label={entry.key}
                description={t('config.texts.defaultText', { text: entry.default_text })}
                name={entry.key}
                value={texts[entry.key] ?? ''}
                onChange={(value) => {
                  setTexts((current) => ({ ...current, [entry.key]: value }));
                }}
              />
            </li>
          ))}
        </ul>
        <SaveBar
          state={save}
          version={version}
          onReload={() => {
            save.reset();
            onReload();
          }}
          onSave={() => {
            save.run(() => saveTexts(language, overrides, version));
          }}
        />
      </section>
      <PreviewPane draft={{ language, texts: [{ language, texts: overrides }] }} />
    </div>
  );
}

export default function TextsScreen(): ReactNode {
  const { t } = useI18n();
  const [language, setLanguage] = useState('en');
  const loaded = useVersioned(async () => {
    const [keys, texts] = await Promise.all([readTextKeys(language), readTexts(language)]);
    return { keys: keys.keys, texts: texts.texts };
  }, `texts-${language}`);
  const reloads = useReloads(loaded.reload);
  const { data } = loaded;
  return (
    <>
      <PageHeader title={t('config.title')} />
      <ConfigSections />
      <div className="bo-filters bo-filters--inline">
        <SelectField
          label={t('config.texts.language')}
          name="language"
          value={language}
          options={LANGUAGES}
          onChange={setLanguage}
        />
      </div>
      <ErrorNotice error={loaded.error} />
      {reloads.notice}
      {data === undefined || loaded.loading ? (
        <Loading />
      ) : (
        <TextsEditor
          key={`${language}-${String(data.version)}`}
          language={language}
          keys={data.data.keys}
          saved={data.data.texts}
          version={data.version}
          onReload={reloads.onReload}
          onSaved={reloads.onSaved}
        />
      )}
    </>
  );
}
