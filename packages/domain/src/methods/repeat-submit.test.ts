import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRepeatSubmission } from './repeat-submit';
import type { SubmissionSnapshot } from './repeat-submit';

/** A deep copy of JSON-like data, so equality cannot come from shared references. */
function deepCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepCopy(item)]));
  }
  return value;
}

const snapshot = (
  amount: SubmissionSnapshot['amount'],
  parameters: SubmissionSnapshot['parameters'] = {},
): SubmissionSnapshot => ({ amount, parameters });

describe('repeat-submit check: amounts (SPEC §4)', () => {
  it.each([
    ['10', '10.00', true],
    ['10', 10, true],
    [' 10.5 ', '10.50', true],
    ['0.1', '0.10000000000000001', false],
    ['10', '10.01', false],
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', '10', false],
    ['', null, true],
    [undefined, '  ', true],
    ['', '0', false],
    [null, '10', false],
  ])('previous %j and new %j: repeat %s', (previous, next, expected) => {
    expect(isRepeatSubmission(snapshot(previous), snapshot(next))).toBe(expected);
  });
});

describe('repeat-submit check: parameters (SPEC §4)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, boolean]>([
    ['same fields', { a: '1', b: 2 }, { a: '1', b: 2 }, true],
    ['keys in another order', { a: '1', b: 2 }, { b: 2, a: '1' }, true],
    ['a changed value', { a: '1' }, { a: '2' }, false],
    ['text and number differ', { a: '1' }, { a: 1 }, false],
    ['an extra field', { a: '1' }, { a: '1', b: '2' }, false],
    ['a missing field', { a: '1', b: '2' }, { a: '1' }, false],
    ['undefined counts as absent', { a: '1', b: undefined }, { a: '1' }, true],
    ['null is a value', { a: '1', b: null }, { a: '1' }, false],
    [
      'nested objects in another key order',
      { card: { month: '01', year: '29' } },
      { card: { year: '29', month: '01' } },
      true,
    ],
    ['nested change', { card: { month: '01' } }, { card: { month: '02' } }, false],
    ['arrays in another order', { tags: ['x', 'y', 'x'] }, { tags: ['x', 'x', 'y'] }, true],
    ['arrays with other counts', { tags: ['x', 'y', 'y'] }, { tags: ['x', 'x', 'y'] }, false],
    ['arrays of other length', { tags: ['x'] }, { tags: ['x', 'x'] }, false],
    ['array against object', { tags: ['x'] }, { tags: { 0: 'x' } }, false],
    [
      'arrays of objects in another order',
      { list: [{ v: 1 }, { v: 2 }] },
      { list: [{ v: 2 }, { v: 1 }] },
      true,
    ],
    [
      'dates at the same instant',
      { born: new Date('2000-01-01T00:00:00Z') },
      { born: new Date('2000-01-01T00:00:00.000Z') },
      true,
    ],
    [
      'dates at other instants',
      { born: new Date('2000-01-01T00:00:00Z') },
      { born: new Date('2000-01-02T00:00:00Z') },
      false,
    ],
    ['invalid dates alike', { born: new Date(Number.NaN) }, { born: new Date(Number.NaN) }, true],
    ['date against text', { born: new Date(0) }, { born: '1970-01-01T00:00:00.000Z' }, false],
    ['NaN equals NaN', { n: Number.NaN }, { n: Number.NaN }, true],
    ['0 equals -0', { n: 0 }, { n: -0 }, true],
    ['class instances by identity', { f: new Map() }, { f: new Map() }, false],
  ])('%s: repeat %s', (_label, previous, next, expected) => {
    expect(isRepeatSubmission(snapshot('10', previous), snapshot('10', next))).toBe(expected);
  });

  it('ignores the one-time-code field named by the caller', () => {
    const previous = snapshot('10', { account: 'A1', otp: '1111' });
    const next = snapshot('10.0', { account: 'A1', otp: '2222' });
    expect(isRepeatSubmission(previous, next, 'otp')).toBe(true);
    expect(isRepeatSubmission(previous, next, 'code')).toBe(false);
    expect(isRepeatSubmission(previous, next)).toBe(false);
    expect(isRepeatSubmission(previous, snapshot('10', { account: 'A1' }), 'otp')).toBe(true);
  });

  it('still sees a changed amount when the parameters are the same', () => {
    expect(isRepeatSubmission(snapshot('10', { a: 1 }), snapshot('11', { a: 1 }))).toBe(false);
  });

  it.each([
    [null, {}],
    [undefined, null],
    [{}, undefined],
  ])('treats missing parameters %j and %j as empty', (a, b) => {
    expect(isRepeatSubmission(snapshot('1', a), snapshot('1', b))).toBe(true);
  });

  it('is never a repeat without a previous submission', () => {
    expect(isRepeatSubmission(null, snapshot('10'))).toBe(false);
    expect(isRepeatSubmission(undefined, snapshot('10'))).toBe(false);
  });

  it('does not loop on self-referencing data', () => {
    const a: Record<string, unknown> = { x: '1' };
    a['self'] = a;
    const b: Record<string, unknown> = { x: '1' };
    b['self'] = b;
    expect(isRepeatSubmission(snapshot('1', a), snapshot('1', b))).toBe(true);
  });

  it('is reflexive and symmetric on JSON data (property)', () => {
    const json = fc.dictionary(fc.string(), fc.jsonValue());
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(
          isRepeatSubmission(
            snapshot('5', a),
            snapshot('5', Object.fromEntries(Object.entries(a).map(([k, v]) => [k, deepCopy(v)]))),
          ),
        ).toBe(true);
        expect(isRepeatSubmission(snapshot('5', a), snapshot('5', b))).toBe(
          isRepeatSubmission(snapshot('5', b), snapshot('5', a)),
        );
      }),
      { numRuns: 100 },
    );
  });
});
