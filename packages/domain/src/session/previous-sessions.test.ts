import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPreviousSession,
  parsePreviousSessions,
  serializePreviousSessions,
} from './previous-sessions';

const TEN = ['s9', 's8', 's7', 's6', 's5', 's4', 's3', 's2', 's1', 's0'];

describe('previous sessions (SPEC §4, §9: last 10, most recent first)', () => {
  it.each([
    [[], 'a', ['a']],
    [['a', 'b'], 'c', ['c', 'a', 'b']],
    [['a', 'b', 'c'], 'b', ['b', 'a', 'c']],
    [TEN, 'new', ['new', 's9', 's8', 's7', 's6', 's5', 's4', 's3', 's2', 's1']],
    [['a'], '  ', ['a']],
    [['a'], ' b ', ['b', 'a']],
  ])('adding to %j the id %j gives %j', (list, id, expected) => {
    expect(addPreviousSession(list, id)).toEqual(expected);
  });

  it.each([
    [['a', 'b', 'c'], 'd', 2, ['d', 'a']],
    [['a', 'b'], 'c', 0, []],
    [['a', 'b'], 'c', Number.NaN, []],
  ])('with limit: %j + %j (limit %j) gives %j', (list, id, limit, expected) => {
    expect(addPreviousSession(list, id, limit)).toEqual(expected);
  });

  it('never holds more than 10 ids or a duplicate', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 3 })), (ids) => {
        let list: readonly string[] = [];
        for (const id of ids) list = addPreviousSession(list, id);
        expect(list.length).toBeLessThanOrEqual(10);
        expect(new Set(list).size).toBe(list.length);
      }),
      { numRuns: 100 },
    );
  });
});

describe('stored previous sessions (SPEC §7 phPrevSessionIdData)', () => {
  it.each([
    ['["a","b"]', ['a', 'b']],
    ['["a",1,null,"","a","b"]', ['a', 'b']],
    [JSON.stringify([...TEN, 'extra']), TEN],
    ['{"a":1}', []],
    ['"a"', []],
    ['not json', []],
    ['', []],
    [null, []],
    [undefined, []],
  ])('%j reads as %j', (text, expected) => {
    expect(parsePreviousSessions(text)).toEqual(expected);
  });

  it('round-trips a list', () => {
    const list = addPreviousSession(['x', 'y'], 'z');
    expect(serializePreviousSessions(list)).toBe('["z","x","y"]');
    expect(parsePreviousSessions(serializePreviousSessions(list))).toEqual(list);
  });

  it('is total on any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(Array.isArray(parsePreviousSessions(text))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
