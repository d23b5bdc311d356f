import { describe, expect, it } from 'vitest';
import { homeSections } from './home-model';

const m = (id: number) => ({ id });
const LISTED = [1, 2, 3, 4, 5, 6].map(m);
const CAROUSEL = [3, 1, 4].map(m);
const ids = (methods: readonly { readonly id: number }[]) => methods.map((method) => method.id);
/** The first two methods given, as the domain's quick suggestions pick them. */
const firstTwo = (methods: readonly { readonly id: number }[]) => methods.slice(0, 2);

const base = {
  listed: LISTED,
  allShown: true,
  carousel: CAROUSEL,
  carouselShown: true,
  ordered: LISTED,
  suggest: firstTwo,
  smallScreen: true,
};

const rows = (sections: ReturnType<typeof homeSections<{ readonly id: number }>>) =>
  sections.shortcuts.map((row) => [row.kind, ids(row.methods)]);

describe('homeSections (SPEC §2 homepage: carousel and quick suggestions, each method once on a phone)', () => {
  it('SPEC §2, §4: the quick suggestions are shown beside the carousel, chosen among the methods it does not offer', () => {
    expect(rows(homeSections(base))).toEqual([
      ['carousel', [3, 1, 4]],
      ['suggestions', [2, 5]],
    ]);
  });

  it('on a small screen the list leaves out both rows, so each method is offered once', () => {
    expect(ids(homeSections(base).list)).toEqual([6]);
  });

  it('with the carousel not shown the quick suggestions come from every method', () => {
    const sections = homeSections({ ...base, carouselShown: false });
    expect(rows(sections)).toEqual([['suggestions', [1, 2]]]);
    expect(ids(sections.list)).toEqual([3, 4, 5, 6]);
    expect(homeSections({ ...base, carouselShown: false, suggest: () => [] }).shortcuts).toEqual(
      [],
    );
  });

  it('without quick suggestions only the carousel is shown', () => {
    expect(rows(homeSections({ ...base, suggest: null }))).toEqual([['carousel', [3, 1, 4]]]);
  });

  it('on a wider screen the list stays complete: a method is offered twice at most', () => {
    const sections = homeSections({ ...base, smallScreen: false });
    expect(sections.shortcuts).toHaveLength(2);
    expect(ids(sections.list)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a type filter shows every method it matches and no shortcut row', () => {
    const sections = homeSections({ ...base, allShown: false, listed: [1, 3].map(m) });
    expect(sections.shortcuts).toEqual([]);
    expect(ids(sections.list)).toEqual([1, 3]);
  });
});
