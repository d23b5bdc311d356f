/**
 * The QR page (SPEC §2 /deposit/deposit-display-form) in every language: it says what the payment
 * is for (the method and the network chosen on its form: paying on another network loses the
 * money), labels the provider's payment details in the player's language (the provider names them,
 * contract CopyField `name`), marks the English method name as English for screen readers, and
 * offers the way back to the methods.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP_CONTEXT, PHONE_CONTEXT, useStackAndBrowser } from './support';
import { closeHosted, literal, openHostedCashier, text, visitScreen } from './support/cashier';
import {
  METHODS,
  field,
  methodTile,
  submitButton,
  waitForHome,
  waitForList,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

describe('the QR page says what it is for, in the player’s language, with a way back', () => {
  for (const [lang, width, context] of [
    ['ar', '390', PHONE_CONTEXT],
    ['uk', '390', PHONE_CONTEXT],
    ['en', '1280', DESKTOP_CONTEXT],
    ['ar', '1280', DESKTOP_CONTEXT],
  ] as const) {
    it(`SPEC §2 display form at ${width} px (${lang}): method, network, translated labels, way back`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context });
      const { page, frame } = hosted;
      await waitForHome(frame, lang);
      // The method's English name is marked as English on the list too.
      const tileName = methodTile(frame, METHODS.crypto, lang).getByText(METHODS.crypto, {
        exact: true,
      });
      expect(await tileName.getAttribute('lang')).toBe(lang === 'en' ? null : 'en');
      await methodTile(frame, METHODS.crypto, lang).click();
      await frame.getByRole('heading', { level: 1, name: literal(METHODS.crypto) }).waitFor();
      await field(frame, 'PH.FIELD.NETWORK', lang).click();
      await frame.getByRole('option', { name: 'Ethereum', exact: true }).click();
      await submitButton(frame, lang).click();
      await waitForPath(frame, '/deposit/deposit-display-form');
      await frame
        .getByRole('heading', { level: 1, name: text(lang, 'DISPLAY_FORM.TITLE') })
        .waitFor();

      // What it is for: the method (marked as English) and the network chosen.
      const choice = frame.locator('.cd-display-form__choice');
      const method = choice.getByText(METHODS.crypto, { exact: true });
      expect(await method.getAttribute('lang')).toBe(lang === 'en' ? null : 'en');
      expect(await choice.textContent()).toContain(text(lang, 'DISPLAY_FORM.METHOD'));
      expect(await choice.textContent()).toContain(text(lang, 'PH.FIELD.NETWORK'));
      expect(await choice.textContent()).toContain('Ethereum');

      // The provider's details labelled in the player's language.
      for (const label of [
        text(lang, 'DISPLAY_FORM.FIELD.WALLET'),
        text(lang, 'DISPLAY_FORM.FIELD.AMOUNT', { currency: 'EUR' }),
        text(lang, 'DISPLAY_FORM.REFERENCE'),
      ]) {
        await frame.getByRole('group', { name: label, exact: true }).waitFor();
      }
      if (lang !== 'en') {
        expect(await frame.getByText('Wallet', { exact: true }).count()).toBe(0);
        expect(await frame.getByText('Amount (EUR)', { exact: true }).count()).toBe(0);
      }
      await visitScreen(page, frame, `qr-page-${width}-${lang}`);

      // The way back: the header's arrow and "Pay another way" lead to the methods.
      const back = frame.getByRole('link', {
        name: text(lang, 'DEPOSIT_METHOD.BACK'),
        exact: true,
      });
      expect(await back.getAttribute('href')).toMatch(/^\/deposit\?/);
      await frame
        .getByRole('link', { name: text(lang, 'DISPLAY_FORM.OTHER_METHOD'), exact: true })
        .click();
      await waitForList(frame, lang);
      await closeHosted(hosted);
    });
  }
});
