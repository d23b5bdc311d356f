/**
 * What the configuration screens share: their section links, the configuration version each
 * screen reads with what it edits (a save names it: another save meanwhile is refused with 1804,
 * and the screen says so and offers to reload), and the save bar.
 */
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from 'react-aria-components';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import { ApiError } from '../../api/http';
import { readSettings } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { ErrorNotice, Notice } from '../../ui/errors';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import type { Loaded } from '../../ui/use-page';
import { PageHeader } from '../../ui/values';
import './configuration.css';

/** The error code of a write made at a version that is no longer the current one. */
const VERSION_CONFLICT = '1804';

const SECTIONS: readonly { readonly to: string; readonly label: MessageKey }[] = [
  { to: '/configuration', label: 'config.settings' },
  { to: '/configuration/pay-groups', label: 'config.payGroups' },
  { to: '/configuration/tax-tiers', label: 'config.taxTiers' },
  { to: '/configuration/texts', label: 'config.texts' },
  { to: '/configuration/themes', label: 'config.themes' },
];

/** The links between the configuration's sections. */
export function ConfigSections(): ReactNode {
  const { t } = useI18n();
  return (
    <nav className="bo-config-sections" aria-label={t('config.sections')}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end className="bo-config-sections__link">
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What a screen edits, read with the configuration version it is at. */
export interface Versioned<T> {
  readonly version: number;
  readonly data: T;
}

/** Loads `load` with the configuration version (read first: a save names the older one). */
export function useVersioned<T>(load: () => Promise<T>, inputs: string): Loaded<Versioned<T>> {
  return useLoad<Versioned<T>>(async () => {
    const settings = await readSettings();
    return { version: settings.config_version, data: await load() };
  }, inputs);
}

/** Whether the role may change the configuration (config:write). */
export function useMayWrite(): boolean {
  return useMay()(STAFF_PERMISSION_OF_CALL.operatorPayGroupPut);
}

/** A save's state: running, or its refusal. */
export interface SaveState {
  readonly busy: boolean;
  readonly error: unknown;
  readonly run: (save: () => Promise<unknown>) => void;
  /** Forgets the last refusal (a reload shows the current state). */
  readonly reset: () => void;
}

export function useSave(onSaved: () => void): SaveState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  return {
    busy,
    error,
    run: (save) => {
      setBusy(true);
      setError(undefined);
      save().then(
        () => {
          setBusy(false);
          onSaved();
        },
        (refused: unknown) => {
          setBusy(false);
          setError(refused);
        },
      );
    },
    reset: () => {
      setError(undefined);
    },
  };
}

/**
 * The save button and what came of the save: a refusal because someone else saved meanwhile
 * offers to reload (what was typed is lost: the other change must be seen first).
 */
export function SaveBar({
  state,
  version,
  onSave,
  onReload,
}: {
  readonly state: SaveState;
  readonly version: number;
  readonly onSave: () => void;
  readonly onReload: () => void;
}): ReactNode {
  const { t } = useI18n();
  const mayWrite = useMayWrite();
  const conflict = state.error instanceof ApiError && state.error.code === VERSION_CONFLICT;
  return (
    <div className="bo-config-save">
      {conflict ? (
        <div className="bo-notice bo-notice--error" role="alert">
          {t('config.conflict')}{' '}
          <Button className="bo-button bo-button--secondary" onPress={onReload}>
            {t('config.reload')}
          </Button>
        </div>
      ) : (
        <ErrorNotice error={state.error} />
      )}
      {mayWrite ? (
        <div className="bo-config-save__row">
          <Button className="bo-button bo-button--primary" isDisabled={state.busy} onPress={onSave}>
            {state.busy ? t('config.saving') : t('config.save')}
          </Button>
          <span className="bo-muted">{t('config.version', { version: String(version) })}</span>
        </div>
      ) : (
        <p className="bo-muted">{t('config.readOnly')}</p>
      )}
    </div>
  );
}

/**
 * A screen's reloads after a save and after a refusal: the notice that the save was made stays
 * on screen above the editor, which is made anew at the new version.
 */
export function useReloads(reload: () => void): {
  readonly notice: ReactNode;
  readonly onSaved: () => void;
  readonly onReload: () => void;
} {
  const { t } = useI18n();
  const [saved, setSaved] = useState(false);
  return {
    notice: saved ? <Notice>{t('config.saved')}</Notice> : null,
    onSaved: () => {
      setSaved(true);
      reload();
    },
    onReload: () => {
      setSaved(false);
      reload();
    },
  };
}

/** An amount typed into a field: `null` when empty. */
export function amountOrNull(text: string): string | null {
  const value = text.trim();
  return value === '' ? null : value;
}

/** What a section's editor gets: what is saved, at which version, and what follows a save. */
export interface EditorProps<T> {
  readonly saved: T;
  readonly version: number;
  readonly onReload: () => void;
  readonly onSaved: () => void;
}

/**
 * A configuration section's screen: the title and section links, `load` read with the
 * configuration version, the saved notice, and `editor` on what was read (a new editor for each
 * version, so a reload starts from what is saved).
 */
export function ConfigScreen<T>({
  load,
  name,
  editor,
}: {
  readonly load: () => Promise<T>;
  /** What the screen loads, for the reload after a save. */
  readonly name: string;
  readonly editor: (props: EditorProps<T>) => ReactNode;
}): ReactNode {
  const { t } = useI18n();
  const loaded = useVersioned(load, name);
  const reloads = useReloads(loaded.reload);
  const { data } = loaded;
  return (
    <>
      <PageHeader title={t('config.title')} />
      <ConfigSections />
      <ErrorNotice error={loaded.error} />
      {reloads.notice}
      {data === undefined ? (
        <Loading />
      ) : (
        <Fragment key={data.version}>
          {editor({
            saved: data.data,
            version: data.version,
            onReload: reloads.onReload,
            onSaved: reloads.onSaved,
          })}
        </Fragment>
      )}
    </>
  );
}
