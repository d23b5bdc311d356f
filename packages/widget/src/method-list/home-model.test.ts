import { describe, expect, it } from 'vitest';
import { homeSections } from './home-model';

const m = (id: number) => ({ id });
const LISTED = [1, 2, 3, 4, 5, 6].map(m);
const CAROUSEL = [3, 1, 4].map(m);
const SUGGESTIONS = [1, 2].map(m);
const ids = (methods: readonly { readonly id: number }[]) => methods.map((method) => method.id);

const base = {
  listed: LISTED,
  allShown: true,
  carousel: CAROUSEL,
  carouselShown: true,
  suggestions: SUGGESTIONS,
  smallScreen: true,
};

describe('homeSections (SPEC §2 homepage: one shortcut row, each method once on a phone)', () => {
  it('on a small screen the list leaves out the carousel methods, so each method is offered once', () => {
    const sections = homeSections(base);
    expect(sections.shortcuts?.kind).toBe('carousel');
    expect(ids(sections.shortcuts?.methods ?? [])).toEqual([3, 1, 4]);
    expect(ids(sections.list)).toEqual([2, 5, 6]);
  });

  it('shows one shortcut row at most: the quick suggestions only when the carousel is not shown', () => {
    const sections = homeSections({ ...base, carouselShown: false });
    expect(sections.shortcuts?.kind).toBe('suggestions');
    expect(ids(sections.list)).toEqual([3, 4, 5, 6]);
    expect(homeSections({ ...base, carouselShown: false, suggestions: [] }).shortcuts).toBeNull();
  });

  it('on a wider screen the list stays complete: a method is offered twice at most', () => {
    const sections = homeSections({ ...base, smallScreen: false });
    expect(sections.shortcuts?.kind).toBe('carousel');
    expect(ids(sections.list)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a type filter shows every method it matches and no shortcut row', () => {
    const sections = homeSections({ ...base, allShown: false, listed: [1, 3].map(m) });
    expect(sections.shortcuts).toBeNull();
    expect(ids(sections.list)).toEqual([1, 3]);
  });
});
