/**
 * Link and redirect targets (SPEC §2 redirect after finishing).
 *
 * @packageDocumentation
 */
import type { DeviceKind } from './client-environment';

/** SPEC §2: redirect target modes (merchant_redirect_type values). */
export const REDIRECT_TARGET_MODES = ['self', 'blank', 'top', 'parent'] as const;

/** SPEC §2: one of {@link REDIRECT_TARGET_MODES}. */
export type RedirectTargetMode = (typeof REDIRECT_TARGET_MODES)[number];

/** SPEC §2: a browsing-context name for `window.open` or an anchor's `target`. */
export type LinkTarget = '_self' | '_blank' | '_top' | '_parent';

const TARGET_BY_MODE: Readonly<Record<RedirectTargetMode, LinkTarget>> = {
  self: '_self',
  blank: '_blank',
  top: '_top',
  parent: '_parent',
};

/** SPEC §2: narrows a redirect mode; `_blank` and `blank` both read as blank, case ignored. */
export function parseRedirectTargetMode(value: unknown): RedirectTargetMode | null {
  if (typeof value !== 'string') return null;
  const mode = value.trim().toLowerCase().replace(/^_/, '');
  return REDIRECT_TARGET_MODES.find((candidate) => candidate === mode) ?? null;
}

/**
 * SPEC §2: the target of a redirect mode: self, blank, top, parent map to `_self`, `_blank`,
 * `_top`, `_parent`. An unknown or missing mode gives `fallback` (default `_self`, a plain
 * navigation).
 */
export function redirectTarget(mode: unknown, fallback: LinkTarget = '_self'): LinkTarget {
  const parsed = parseRedirectTargetMode(mode);
  return parsed === null ? fallback : TARGET_BY_MODE[parsed];
}

/** SPEC §2: what {@link linkTarget} reads. */
export interface LinkTargetInput {
  /** The method's isSelfTarget flag. */
  readonly isSelfTarget?: boolean | undefined;
  /** The device kind of SPEC §1. */
  readonly device: DeviceKind;
}

/**
 * SPEC §2: links open in the same window if the method is flagged self-target or the platform is
 * native iOS (its web view cannot open a second window), otherwise in a new window.
 */
export function linkTarget(input: LinkTargetInput): '_self' | '_blank' {
  return input.isSelfTarget === true || input.device === 'native_ios' ? '_self' : '_blank';
}
