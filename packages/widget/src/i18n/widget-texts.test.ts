import { WIDGET_TEXT_PLACEHOLDERS, textPlaceholders } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';

const ENGLISH = import.meta.glob<Record<string, string>>('./locales/en/*.json', {
  import: 'default',
  eager: true,
});

describe("the contract's table of the widget's texts (which checks operators' text overrides)", () => {
  it('lists every English key with its placeholders (else run packages/contract/scripts/write-widget-texts.ts)', () => {
    const expected: Record<string, string[]> = {};
    for (const file of Object.values(ENGLISH)) {
      for (const [key, text] of Object.entries(file)) expected[key] = textPlaceholders(text);
    }
    expect(Object.keys(expected).length).toBeGreaterThan(300);
    expect(WIDGET_TEXT_PLACEHOLDERS).toEqual(expected);
  });
});
