import { fieldKind } from '@cashdesk/domain';
import type { FieldKind, FormField } from '@cashdesk/domain';
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import type { FieldViewProps } from './types';

/**
 * The field kinds whose code is downloaded only when a form has one. The two phone kinds format
 * numbers with the country table (flags, codes, masks: the biggest part of the fields' code).
 */
const LOADERS = new Map<FieldKind, () => Promise<ComponentType<FieldViewProps>>>([
  ['phone', () => import('./phone/phone-field').then((module) => module.PhoneField)],
  [
    'userPhoneVisible',
    () =>
      import('./user-phone-visible/user-phone-visible-field').then(
        (module) => module.UserPhoneVisibleField,
      ),
  ],
]);

/** A kind's component, once its code is here. */
const loaded = new Map<FieldKind, ComponentType<FieldViewProps>>();
/** A kind's download, once asked for (one download per kind, whoever asks). */
const downloads = new Map<FieldKind, Promise<ComponentType<FieldViewProps>>>();

/** Whether a kind's code comes on demand. */
export function isOnDemandKind(kind: FieldKind): boolean {
  return LOADERS.has(kind);
}

/** The component of an on-demand kind whose code is already here, or null. */
export function loadedFieldComponent(kind: FieldKind): ComponentType<FieldViewProps> | null {
  return loaded.get(kind) ?? null;
}

/** Downloads an on-demand kind's code (once); resolves to its component. */
export function loadFieldComponent(kind: FieldKind): Promise<ComponentType<FieldViewProps>> {
  const loader = LOADERS.get(kind);
  if (loader === undefined) return Promise.reject(new Error(`${kind} is not loaded on demand`));
  const started = downloads.get(kind);
  if (started !== undefined) return started;
  const download = loader().then(
    (component) => {
      loaded.set(kind, component);
      return component;
    },
    (error: unknown) => {
      // A failed download may be tried again (the next form asks anew).
      downloads.delete(kind);
      throw error;
    },
  );
  downloads.set(kind, download);
  return download;
}

/** The on-demand kinds among a form's fields whose code is not here yet. */
function missingKinds(fields: readonly FormField[]): FieldKind[] {
  const kinds = new Set(fields.map((field) => fieldKind(field)));
  return [...kinds].filter((kind) => isOnDemandKind(kind) && !loaded.has(kind));
}

/**
 * Whether the code of every field of a form is here (true for no form), downloading what is
 * missing. A method page
 * shows its loading state until then, so the form appears whole: a field whose code arrives after
 * the form is on screen changes the form's height, and the buttons below it move under the
 * player's finger (a tap meant for the submit button lands on another one).
 *
 * A failed download does not hold the form back: the field then shows its own placeholder and
 * tries again when rendered (React.lazy in FieldView).
 */
export function useFieldCode(fields: readonly FormField[] | null): boolean {
  const missing = fields === null ? [] : missingKinds(fields);
  const wanted = missing.join(',');
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (wanted === '') return;
    let current = true;
    const names = wanted.split(',');
    const kinds = [...LOADERS.keys()].filter((kind) => names.includes(kind));
    void Promise.allSettled(kinds.map((kind) => loadFieldComponent(kind))).then(() => {
      if (current) setSettled(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return missing.length === 0 || settled === wanted;
}
