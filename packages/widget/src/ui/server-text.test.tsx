import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { ServerName, ServerText } from './server-text';

describe('server texts: a translation key translated, the operator’s wording isolated and marked', () => {
  it('a translation key is shown in the player’s language, without marks of its own', async () => {
    await renderWithApp(<ServerText text="PH.FIELD.BANK" />, { language: 'ar' });
    const shown = screen.getByText('البنك');
    expect(shown.tagName).not.toBe('BDI');
  });

  it('the operator’s own wording is isolated and marked as written in the default language on an Arabic page', async () => {
    await renderWithApp(<ServerText text="10% on every deposit, up to 50 EUR" />, {
      language: 'ar',
    });
    const shown = screen.getByText('10% on every deposit, up to 50 EUR');
    expect(shown.tagName).toBe('BDI');
    expect(shown.getAttribute('lang')).toBe('en');
  });

  it("wording the operator wrote in the page's own language is not marked as English", async () => {
    await renderWithApp(<ServerText text="10% على كل إيداع" />, { language: 'ar' });
    expect(screen.getByText('10% على كل إيداع').getAttribute('lang')).toBeNull();
  });

  it("a method's name is shown as written, isolated and marked with its language", async () => {
    await renderWithApp(<ServerName name="Crypto (QR code)" />, { language: 'ar' });
    const shown = screen.getByText('Crypto (QR code)');
    expect(shown.tagName).toBe('BDI');
    expect(shown.getAttribute('lang')).toBe('en');
  });

  it('on an English page it needs no language mark', async () => {
    await renderWithApp(<ServerText text="10% on every deposit, up to 50 EUR" />);
    expect(screen.getByText('10% on every deposit, up to 50 EUR').getAttribute('lang')).toBeNull();
  });
});
