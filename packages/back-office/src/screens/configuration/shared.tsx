/**
 * What the configuration screens share: their section links, the configuration version each
 * screen reads with what it edits (a save names it: another save meanwhile is refused with 1804,
 * and the screen says so and offers to reload), the save bar, and a refused value's message at
 * its field.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from 'react-aria-components';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import { ApiError } from '../../api/http';
import { readSettings } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { ErrorNotice, Notice, errorText } from '../../ui/errors';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import type { Loaded } from '../../ui/use-page';
import { PageHeader } from '../../ui/values';
import './configuration.css';

/** The error code of a write made at a version that is no longer the current one. */
const VERSION_CONFLICT = '1804';

/** The error code of a request value the server refuses (400, naming it in error_field). */
const INVALID_FIELD = '1002';

const SECTIONS: readonly { readonly to: string; readonly label: MessageKey }[] = [
  { to: '/configuration', label: 'config.settings' },
  { to: '/configuration/pay-groups', label: 'config.payGroups' },
  { to: '/configuration/tax-tiers', label: 'config.taxTiers' },
  { to: '/configuration/texts', label: 'config.texts' },
  { to: '/configuration/themes', label: 'config.themes' },
  { to: '/configuration/routing', label: 'config.routing' },
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
 * Where a refused save points inside the body field `field`: a 400 names the value at fault in
 * error_field (`body.<field>`, or `body.<field>.<path>` for a part of it), and this is the path
 * below `field` (`[]` for the field itself, `['0']` for a list's first item); undefined when the
 * refusal names another field, or is no such refusal.
 */
export function refusedPath(error: unknown, field: string): readonly string[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const parts = (error.field ?? '').split('.');
  const wanted = ['body', ...field.split('.')];
  if (!wanted.every((part, index) => parts[index] === part)) return undefined;
  return parts.slice(wanted.length);
}

/**
 * The text a field shows when a save refused its value, or undefined: a value the request's
 * schema refuses (1002) is "not accepted", the refused item quoted when `sent` (the items the save
 * sent of a list field) has it; another refusal naming the field says its error code's text.
 */
export function useFieldError(
  state: SaveState,
): (field: string, sent?: readonly string[]) => string | undefined {
  const i18n = useI18n();
  return (field, sent) => {
    const path = refusedPath(state.error, field);
    if (path === undefined) return undefined;
    if (state.error instanceof ApiError && state.error.code !== INVALID_FIELD) {
      return errorText(i18n, state.error);
    }
    const item = sent?.[Number(path[0] ?? '')];
    return item === undefined ? i18n.t('config.refused') : i18n.t('config.refusedItem', { item });
  };
}

/**
 * The save button and what came of the save: a refusal because someone else saved meanwhile
 * offers to reload (what was typed is lost: the other change must be seen first); a refused
 * value of one of `fields` is marked at its field ({@link useFieldError}), and the first marked
 * field of the editor takes the focus.
 */
export function SaveBar({
  state,
  version,
  onSave,
  onReload,
  fields = [],
}: {
  readonly state: SaveState;
  readonly version: number;
  readonly onSave: () => void;
  readonly onReload: () => void;
  /** The body fields whose refusal the screen shows at the field itself ({@link useFieldError}). */
  readonly fields?: readonly string[];
}): ReactNode {
  const { t } = useI18n();
  const mayWrite = useMayWrite();
  const conflict = state.error instanceof ApiError && state.error.code === VERSION_CONFLICT;
  const atField = fields.some((field) => refusedPath(state.error, field) !== undefined);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!atField) return;
    const editor = bar.current?.closest('section');
    editor?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [atField, state.error]);
  return (
    <div className="bo-config-save" ref={bar}>
      {conflict ? (
        <div className="bo-notice bo-notice--error" role="alert">
          {t('config.conflict')}{' '}
          <Button className="bo-button bo-button--secondary" onPress={onReload}>
            {t('config.reload')}
          </Button>
        </div>
      ) : atField ? (
        <div className="bo-notice bo-notice--error" role="alert">
          {t('config.refusedNotice')}
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
