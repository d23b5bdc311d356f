import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { PhoneRules } from './validate';
import { validatePhone } from './validate';

const REQUIRED = invalid(MESSAGE_KEYS.fieldRequired);
const HAS_ERROR = invalid(MESSAGE_KEYS.fieldHasError);
const UA_PATTERN = '+380\\d{9}';

describe('phone validation: required and pattern (SPEC §5, message keys of SPEC §8)', () => {
  it.each<[string, PhoneRules, typeof VALID]>([
    ['', { required: true }, REQUIRED],
    ['+', { required: true }, REQUIRED],
    ['  ', { required: true, pattern: UA_PATTERN }, REQUIRED],
    ['abc', { required: true }, REQUIRED],
    ['', {}, VALID],
    ['', { pattern: UA_PATTERN }, VALID],
    ['+', { required: false, pattern: UA_PATTERN }, VALID],
    ['+380501234567', { required: true, pattern: UA_PATTERN }, VALID],
    ['+380 50 123 45 67', { required: true, pattern: UA_PATTERN }, VALID],
    ['+38050123', { required: true, pattern: UA_PATTERN }, HAS_ERROR],
    ['+380', { required: true, pattern: UA_PATTERN }, HAS_ERROR],
    ['+48501234567', { pattern: UA_PATTERN }, HAS_ERROR],
    ['380501234567', { pattern: UA_PATTERN }, HAS_ERROR],
    ['380501234567', { pattern: '^\\d{12}$' }, VALID],
    ['+380501234567', { pattern: '^\\d{12}$' }, HAS_ERROR],
    ['+380501234567', { pattern: '(' }, VALID],
    ['+380501234567', { pattern: '+(' }, VALID],
    ['+380501234567', { pattern: '   ' }, VALID],
    ['+380501234567', { pattern: null }, VALID],
    ['+380501234567', {}, VALID],
    [
      '+38050',
      { pattern: UA_PATTERN, patternMessageKey: 'PH.ERROR.PHONE' },
      invalid('PH.ERROR.PHONE'),
    ],
    ['+38050', { pattern: UA_PATTERN, patternMessageKey: ' ' }, HAS_ERROR],
    ['+38050', { pattern: UA_PATTERN, patternMessageKey: null }, HAS_ERROR],
  ])('%j with %j gives %j', (value, rules, outcome) => {
    expect(validatePhone(value, rules)).toEqual(outcome);
  });

  it('is valid with no rules at all', () => {
    expect(validatePhone('+1')).toEqual(VALID);
  });
});
