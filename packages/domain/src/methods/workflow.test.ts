import { describe, expect, it } from 'vitest';
import { isAutoSubmit, workflowKind } from './workflow';

describe('workflow types (SPEC §4)', () => {
  it.each([
    ['host-to-host', 'checkout'],
    ['HOST_TO_HOST', 'checkout'],
    [' host to host ', 'checkout'],
    ['display-form', 'display-form'],
    ['display_form', 'display-form'],
    ['redirect', 'form'],
    ['', 'form'],
    [null, 'form'],
    [undefined, 'form'],
  ])('workflow_type %j is %s', (workflowType, expected) => {
    expect(workflowKind(workflowType)).toBe(expected);
  });
});

describe('auto-submit (SPEC §4 Workflow types)', () => {
  it.each([
    [{ auto_submit: true }, true],
    [{ auto_submit: true, preset_behavior: 'manual' }, true],
    [{ preset_behavior: 'autosubmit' }, true],
    [{ auto_submit: false, preset_behavior: 'autosubmit' }, true],
    [{ preset_behavior: 'AutoSubmit' }, true],
    [{ preset_behavior: 'auto_submit' }, true],
    [{ preset_behavior: 'auto-submit' }, true],
    [{ auto_submit: false, preset_behavior: 'manual' }, false],
    [{ auto_submit: null, preset_behavior: null }, false],
    [{}, false],
  ])('%j auto-submits: %s', (detail, expected) => {
    expect(isAutoSubmit(detail)).toBe(expected);
  });
});
