import { describe, expect, it } from 'vitest';
import { frozenPartsWrittenOnce, isWrittenOnce, writtenOnce } from './written-once';

describe('frozenPartsWrittenOnce (the parts a service shares between answers)', () => {
  it('marks the frozen top-level objects and frozen items of top-level arrays, nothing else', () => {
    const brand = Object.freeze({ a: 1 });
    const own = { b: 2 };
    const sharedItem = Object.freeze({ id: 1 });
    const ownItem = { id: 2 };
    const answer = { brand, own, items: [sharedItem, ownItem], text: 'x', none: null };
    expect(frozenPartsWrittenOnce(answer)).toBe(answer);
    expect(isWrittenOnce(brand)).toBe(true);
    expect(isWrittenOnce(sharedItem)).toBe(true);
    expect(isWrittenOnce(own)).toBe(false);
    expect(isWrittenOnce(ownItem)).toBe(false);
    expect(isWrittenOnce(answer)).toBe(false);
    expect(isWrittenOnce(answer.items)).toBe(false);
  });

  it('freezes what a marked part holds, and leaves a part marked before as it is', () => {
    const inner = { c: 3 };
    const part = Object.freeze({ inner });
    frozenPartsWrittenOnce({ part });
    expect(Object.isFrozen(inner)).toBe(true);
    const before = writtenOnce({ d: 4 });
    expect(frozenPartsWrittenOnce({ before }).before).toBe(before);
    expect(isWrittenOnce(before)).toBe(true);
  });
});
