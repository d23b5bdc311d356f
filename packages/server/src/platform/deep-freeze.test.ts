import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes the value and everything in it, arrays and cycles included, and returns it', () => {
    const inner = { b: [{ c: 1 }] };
    const value: Record<string, unknown> = { a: inner };
    value['self'] = value;
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(inner)).toBe(true);
    expect(Object.isFrozen(inner.b)).toBe(true);
    expect(Object.isFrozen(inner.b[0])).toBe(true);
    expect(() => {
      value['a'] = 2;
    }).toThrow(TypeError);
  });

  it('leaves primitives as they are', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
  });
});
