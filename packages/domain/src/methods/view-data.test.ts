import { describe, expect, it } from 'vitest';
import { withDefaultViewDataEntry } from './view-data';

describe('default view-data entry (SPEC §4)', () => {
  const entry = { type: 'information_block', key: 'no_methods' };
  const given = [{ type: 'text', key: 'operator' }];

  it('SPEC §4: with no payment groups the default entry is prepended to the view data', () => {
    expect(withDefaultViewDataEntry(given, 0, entry)).toEqual([entry, ...given]);
    expect(withDefaultViewDataEntry([], 0, entry)).toEqual([entry]);
  });

  it('SPEC §4: with payment groups the view data is unchanged', () => {
    expect(withDefaultViewDataEntry(given, 1, entry)).toBe(given);
    expect(withDefaultViewDataEntry([], 3, entry)).toEqual([]);
  });
});
