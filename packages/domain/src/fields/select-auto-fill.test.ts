import { describe, expect, it } from 'vitest';
import type { FormFieldOption } from './field-types';
import { selectAutoFillOption } from './select-auto-fill';

const a: FormFieldOption = { label: 'A', value: 'a', selected: false };
const b: FormFieldOption = { label: 'B', value: 'b', selected: false };
const bSelected: FormFieldOption = { ...b, selected: true };
const cSelected: FormFieldOption = { label: 'C', value: 'c', selected: true };

describe('select auto-fill (SPEC §5 generic fields)', () => {
  it.each([
    ['no options', [], null],
    ['a single option', [a], a],
    ['a single preselected option', [bSelected], bSelected],
    ['several options, none preselected', [a, b], null],
    ['several options, one preselected', [a, bSelected], bSelected],
    ['several preselected: the first', [a, cSelected, bSelected], cSelected],
  ] as const)('%s fills %j (SPEC §5)', (_case, options, expected) => {
    expect(selectAutoFillOption(options)).toBe(expected);
  });
});
