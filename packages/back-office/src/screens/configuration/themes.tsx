/**
 * The brand's themes: the widget's colours, radius and fonts of one theme (a new one, or one of
 * the brand's; the built-in ones are the widget's own), and which theme is the default, beside
 * the live preview of the edited theme.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { THEME_PROPERTIES } from '@cashdesk/contract/values';
import { listThemes, saveDefaultTheme, saveTheme } from '../../api/configuration';
import type { Themes } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { PreviewPane } from './preview-pane';
import { ConfigScreen, SaveBar, useMayWrite, useSave } from './shared';

/** The theme properties the editor offers: every one a theme may set (the contract's). */
const PROPERTIES = THEME_PROPERTIES;

const NEW_THEME = '';

/** A theme's set properties as editable texts. */
function textsOf(properties: Readonly<Record<string, string | undefined>> | undefined) {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(properties ?? {})) {
    if (value !== undefined) texts[name] = value;
  }
  return texts;
}
const THEME_NAME = /^[a-z0-9_-]{1,32}$/;

function ThemesEditor({
  saved,
  version,
  onReload,
  onSaved,
}: {
  readonly saved: Themes;
  readonly version: number;
  readonly onReload: () => void;
  readonly onSaved: () => void;
}): ReactNode {
  const { t } = useI18n();
  const mayWrite = useMayWrite();
  const first = saved.themes[0];
  const [chosen, setChosen] = useState(first?.name ?? NEW_THEME);
  const [newName, setNewName] = useState('');
  const existing = saved.themes.find((theme) => theme.name === chosen);
  const [properties, setProperties] = useState<Readonly<Record<string, string>>>(() =>
    textsOf(existing?.properties),
  );
  const [fonts, setFonts] = useState(existing?.fonts ?? '');
  const [defaultTheme, setDefaultTheme] = useState(saved.default_theme);
  const save = useSave(onSaved);
  const saveDefault = useSave(onSaved);
  const name = chosen === NEW_THEME ? newName.trim() : chosen;
  const set = Object.fromEntries(
    Object.entries(properties).filter(([, value]) => value.trim() !== ''),
  );
  const theme = { properties: set, fonts: fonts.trim() === '' ? null : fonts.trim() };
  const valid = THEME_NAME.test(name);
  const pick = (value: string) => {
    const next = saved.themes.find((entry) => entry.name === value);
    setChosen(value);
    setProperties(textsOf(next?.properties));
    setFonts(next?.fonts ?? '');
    save.reset();
  };
  return (
    <div className="bo-config-layout">
      <div className="bo-config-editor">
        <section className="bo-card bo-config-editor" aria-labelledby="theme-title">
          <h2 className="bo-h2" id="theme-title">
            {t('config.themes')}
          </h2>
          <SelectField
            label={t('config.themes.theme')}
            name="theme"
            value={chosen}
            options={[
              ...saved.themes.map((entry) => ({ id: entry.name, label: entry.name })),
              { id: NEW_THEME, label: t('config.themes.new') },
            ]}
            onChange={pick}
          />
          {chosen === NEW_THEME ? (
            <TextInput
              label={t('config.themes.newName')}
              description={t('config.themes.newNameHelp')}
              name="new_theme"
              value={newName}
              onChange={setNewName}
            />
          ) : null}
          <fieldset className="bo-config-fieldset">
            <legend>{t('config.themes.colors')}</legend>
            {PROPERTIES.map((property) => (
              <TextInput
                key={property}
                label={property}
                description={t('config.themes.colorHelp')}
                name={property}
                value={properties[property] ?? ''}
                onChange={(value) => {
                  setProperties((current) => ({ ...current, [property]: value }));
                }}
              />
            ))}
          </fieldset>
          <TextInput
            label={t('config.themes.fonts')}
            description={t('config.themes.fontsHelp')}
            name="fonts"
            value={fonts}
            onChange={setFonts}
          />
          <SaveBar
            state={save}
            version={version}
            onReload={() => {
              save.reset();
              onReload();
            }}
            onSave={() => {
              save.run(() => saveTheme(name, theme, version));
            }}
          />
        </section>
        <section className="bo-card bo-config-editor" aria-labelledby="default-title">
          <h2 className="bo-h2" id="default-title">
            {t('config.themes.default')}
          </h2>
          <SelectField
            label={t('config.themes.default')}
            name="default_theme"
            value={defaultTheme}
            options={[
              ...saved.built_in.map((entry) => ({
                id: entry,
                label: t('config.themes.builtIn', { name: entry }),
              })),
              ...saved.themes.map((entry) => ({ id: entry.name, label: entry.name })),
            ]}
            onChange={setDefaultTheme}
          />
          <ErrorNotice error={saveDefault.error} />
          {mayWrite ? (
            <Button
              className="bo-button bo-button--secondary"
              isDisabled={saveDefault.busy}
              onPress={() => {
                saveDefault.run(() => saveDefaultTheme(defaultTheme, version));
              }}
            >
              {t('config.themes.saveDefault')}
            </Button>
          ) : null}
        </section>
      </div>
      <PreviewPane
        draft={{
          ...(valid ? { themes: [{ name, theme }] } : {}),
          theme_default: { name: defaultTheme },
        }}
        {...(valid ? { theme: name } : {})}
      />
    </div>
  );
}

export default function ThemesScreen(): ReactNode {
  return (
    <ConfigScreen load={listThemes} name="themes" editor={(props) => <ThemesEditor {...props} />} />
  );
}
