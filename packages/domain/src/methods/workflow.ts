/**
 * Workflow types and auto-submit of a method detail (SPEC §3 method detail, §4 "Workflow types").
 *
 * @packageDocumentation
 */

/** SPEC §4: how a method's form is handled after selection. */
export type WorkflowKind = 'checkout' | 'display-form' | 'form';

function normalise(value: string | null | undefined): string {
  return (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/**
 * SPEC §4: host-to-host means checkout; display-form means display form; any other
 * `workflow_type` (or none) is the ordinary method form. Case, underscores and spaces are
 * tolerated ('HOST_TO_HOST' is host-to-host) since the spec shows the names, not the wire text.
 */
export function workflowKind(workflowType: string | null | undefined): WorkflowKind {
  const text = normalise(workflowType);
  if (text === 'host-to-host') return 'checkout';
  if (text === 'display-form') return 'display-form';
  return 'form';
}

/** SPEC §3: the method-detail fields the auto-submit rule reads (wire names). */
export interface AutoSubmitInput {
  readonly auto_submit?: boolean | null | undefined;
  readonly preset_behavior?: string | null | undefined;
}

/**
 * SPEC §4: auto-submit applies if `auto_submit` is set or `preset_behavior` is autosubmit
 * (compared ignoring case, spaces, '-' and '_', so 'auto_submit' also counts).
 */
export function isAutoSubmit(detail: AutoSubmitInput): boolean {
  if (detail.auto_submit === true) return true;
  return normalise(detail.preset_behavior).replace(/-/g, '') === 'autosubmit';
}
