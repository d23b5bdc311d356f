import { describe, expect, it } from 'vitest';
import { cleanCardholderName, validateCardholderName } from './cardholder-name';

const HAS_ERROR = { valid: false, error: { key: 'PH.ERROR.FIELD_HAS_ERROR' } };
const REQUIRED = { valid: false, error: { key: 'PH.ERROR.FIELD_REQUIRED' } };

describe('cardholder name cleaning (SPEC §5)', () => {
  it.each([
    ['John Smith', 'John Smith'],
    ['  John   Smith  ', 'John Smith'],
    ['John\t\nSmith', 'John Smith'],
    ['Jean-Luc  Picard', 'Jean-Luc Picard'],
    ['', undefined],
    ['   \t ', undefined],
  ])('SPEC §5: %j is submitted as %j', (raw, cleaned) => {
    expect(cleanCardholderName(raw)).toBe(cleaned);
  });
});

describe('cardholder name check (SPEC §5)', () => {
  it.each([
    ['John Smith', {}, { valid: true }],
    ['  Анна   Иванова ', {}, { valid: true }],
    ['J0hn 5mith', {}, { valid: true }],
    ['', {}, REQUIRED],
    ['    ', {}, REQUIRED],
    ['', { required: false }, { valid: true }],
    ['4111 1111 1111 1111', {}, HAS_ERROR],
    ['12-34 56', {}, HAS_ERROR],
    ['---', {}, HAS_ERROR],
    ['a'.repeat(255), {}, { valid: true }],
    [`  ${'a'.repeat(255)}  `, {}, { valid: true }],
    ['a'.repeat(256), {}, HAS_ERROR],
    [`${'a'.repeat(128)}     ${'b'.repeat(126)}`, {}, { valid: true }],
  ])('SPEC §5: %j with %j gives %j', (raw, options, expected) => {
    expect(validateCardholderName(raw, options)).toEqual(expected);
  });
});
