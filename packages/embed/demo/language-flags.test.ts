import { describe, expect, it } from 'vitest';
import { languageFlagUrl, showLanguageFlags } from './language-flags';

describe('language flags of the demo host page (SPEC §3 language codes map to flags)', () => {
  it.each([
    ['en', 'US'],
    ['uk', 'UA'],
    ['hi', 'IN'],
    ['ar', 'SA'],
    ['de', 'DE'],
  ])('SPEC §3: the language %s shows the SVG flag %s', (lang, iso) => {
    expect(languageFlagUrl(lang)).toMatch(new RegExp(`/${iso}\\.svg`));
  });

  it('SPEC §3: a language without a flag shows none', () => {
    expect(languageFlagUrl('')).toBeNull();
    expect(languageFlagUrl('eo')).toBeNull();
  });

  it('puts an SVG image, never an emoji, before each language name', () => {
    document.body.innerHTML = `
      <button data-lang="en">English</button>
      <button data-lang="uk">Українська</button>`;
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-lang]')];
    showLanguageFlags(buttons);
    showLanguageFlags(buttons);
    expect(buttons.map((button) => button.querySelectorAll('img').length)).toEqual([1, 1]);
    expect(buttons[1]?.querySelector('img')?.getAttribute('src')).toMatch(/UA\.svg/);
    expect(buttons[1]?.querySelector('img')?.alt).toBe('');
    expect(buttons.map((button) => button.textContent.trim())).toEqual(['English', 'Українська']);
  });
});
