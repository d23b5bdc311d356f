/**
 * Steps of the deposit journeys in the cashier frame, by role and accessible name only (the
 * names come from the widget's locale files and the seed's method names).
 */
import type { Frame, Locator } from 'playwright-core';
import { expect } from 'vitest';
import { literal, pattern, text } from './cashier';
import type { WidgetLanguage } from './cashier';

/** Sandbox test cards (packages/server/src/providers/sandbox/README.md). */
export const TEST_CARDS = {
  approved: '4000 0000 0000 0101',
  declined: '4000 0000 0000 0200',
  /** The issuer asks for a 3-D Secure challenge; Pass approves, Fail declines. */
  challenge: '4000 0000 0000 0507',
  /** 4000 0000 0000 0101 with its last digit changed: fails the Luhn check. */
  luhnInvalid: '4000 0000 0000 0102',
} as const;

/**
 * The seed's brand0 deposit methods (packages/server/src/db/seed-data/brand0-deposit-methods.ts),
 * by public name.
 */
export const METHODS = {
  card: 'Visa / Mastercard',
  ewallet: 'E-Wallet (redirect)',
  mobileMoney: 'Mobile money (await)',
  crypto: 'Crypto (QR code)',
  bankTransfer: 'Bank transfer',
  betShop: 'Cash at a bet shop',
  voucher: 'Prepaid voucher (restricted)',
} as const;

/** An expiry date in the future, MM/YY: January, three years from now. */
export function futureExpiry(now = new Date()): string {
  return `01/${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** An expiry date in the past, MM/YY: January of last year. */
export function pastExpiry(now = new Date()): string {
  return `01/${String((now.getUTCFullYear() - 1) % 100).padStart(2, '0')}`;
}

/** The shortcuts of the homepage's carousel (SPEC §4 carousel), in their order. */
export function carouselTiles(frame: Frame, lang: WidgetLanguage = 'en'): Locator {
  return frame
    .getByRole('region', { name: text(lang, 'DEPOSIT_HOME.CAROUSEL.TITLE'), exact: true })
    .getByRole('button');
}

/**
 * The homepage's method groups (SPEC §4 grouping), by their headings in `lang`; the regular group
 * of the withdrawal list has its own title.
 */
export function methodGroups(frame: Frame, lang: WidgetLanguage = 'en'): Locator {
  const keys = [
    ...['POPULAR', 'LOST_PROFIT', 'REGULAR', 'DISABLED'].map(
      (group) => `DEPOSIT_HOME.GROUP.${group}`,
    ),
    'WITHDRAWAL.GROUP.REGULAR',
  ];
  const names = keys.map((key) => literal(text(lang, key)).source);
  return frame.getByRole('region', { name: new RegExp(`^(${names.join('|')})$`) });
}

/**
 * The button that offers a method on the homepage: its tile in the method list, or, where the
 * list leaves the method out because the shortcut row above offers it (a phone),
 * that shortcut.
 */
export function methodTile(frame: Frame, name: string, lang: WidgetLanguage = 'en'): Locator {
  // The tile's name is the method's name followed by its summary (limits, fee...).
  const named = { name: new RegExp(`^${literal(name).source}(\\s|$)`) };
  const shortcutRows = new RegExp(
    `^(${literal(text(lang, 'DEPOSIT_HOME.CAROUSEL.TITLE')).source}|${literal(text(lang, 'DEPOSIT_HOME.SUGGESTIONS.TITLE')).source})$`,
  );
  const inList = methodGroups(frame, lang).getByRole('button', named);
  const inShortcuts = frame.getByRole('region', { name: shortcutRows }).getByRole('button', named);
  // The shortcut row comes first in the page: the last match is the list's tile when there is one.
  return inList.or(inShortcuts).last();
}

/** Waits for the deposit homepage's method list at /deposit. */
export async function waitForList(frame: Frame, lang: WidgetLanguage = 'en'): Promise<void> {
  await waitForPath(frame, '/deposit');
  await frame.getByRole('heading', { level: 1, name: text(lang, 'DEPOSIT_HOME.TITLE') }).waitFor();
  await methodGroups(frame, lang).first().waitFor();
}

/** The balance the homepage shows, deposit or withdrawal (the "Balance:" line of the list). */
export function pageBalance(frame: Frame, lang: WidgetLanguage = 'en'): Locator {
  return frame
    .getByText(text(lang, 'DEPOSIT_HOME.BALANCE'), { exact: true })
    .locator('xpath=following-sibling::strong[1]');
}

/**
 * Waits for a freshly opened cashier's first load to settle. A fresh player's first load chooses
 * a method by itself (SPEC §4 automatic method choice: the seed has several carousel methods), so
 * the cashier settles on that method's page, never on the list; `/deposit` shows only for a moment.
 */
export async function waitForAutoChoice(frame: Frame, lang: WidgetLanguage = 'en'): Promise<void> {
  const back = frame.getByRole('link', { name: text(lang, 'DEPOSIT_METHOD.BACK'), exact: true });
  await back.waitFor().catch(async (error: unknown) => {
    throw new Error(`no automatically chosen method page: ${await describeFrame(frame)}`, {
      cause: error,
    });
  });
  await waitForPath(frame, /^\/deposit\/[^/]+$/);
}

/**
 * From a freshly opened cashier to its method list: the automatically chosen method's back link
 * leads to the list, which does not choose again.
 */
export async function waitForHome(frame: Frame, lang: WidgetLanguage = 'en'): Promise<void> {
  await waitForAutoChoice(frame, lang);
  await frame.getByRole('link', { name: text(lang, 'DEPOSIT_METHOD.BACK'), exact: true }).click();
  await waitForList(frame, lang);
}

/** A field of the method form by its label in `lang`. */
export function field(frame: Frame, key: string, lang: WidgetLanguage = 'en'): Locator {
  return frame.getByLabel(text(lang, key), { exact: true });
}

/** The card form's fields. */
export function cardFields(frame: Frame, lang: WidgetLanguage = 'en') {
  return {
    number: field(frame, 'PH.FIELD.CARD_NUMBER', lang),
    expiry: field(frame, 'PH.FIELD.EXPIRY', lang),
    cvv: field(frame, 'PH.FIELD.CVV', lang),
    holder: field(frame, 'PH.FIELD.CARDHOLDER', lang),
  };
}

/** Picks an option of a select field, whether it is a native select or a listbox picker. */
export async function chooseOption(frame: Frame, labelKey: string, option: string): Promise<void> {
  const control = field(frame, labelKey);
  const tag = await control.evaluate((element) => element.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  await frame.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The method page's submit button: the one button whose name says deposit, or pay with the fee
 * included when the method charges the player one.
 */
export function submitButton(frame: Frame, lang: WidgetLanguage = 'en'): Locator {
  const deposit = pattern(lang, 'DEPOSIT_METHOD.SUBMIT').source;
  const pay = pattern(lang, 'DEPOSIT_METHOD.SUBMIT_WITH_FEE').source;
  return frame.getByRole('button', { name: new RegExp(`${deposit}|${pay}`) });
}

/**
 * Submits a form that should fail its checks and waits for the announcement of the error count,
 * the one sign that the submit ran when blurs already show the messages. The button is pressed
 * with the keyboard: a pointer click can miss it while the frame still resizes to messages that
 * just appeared.
 */
export async function submitExpectingErrors(
  frame: Frame,
  count: number,
  lang: WidgetLanguage = 'en',
): Promise<void> {
  await submitButton(frame, lang).press('Enter');
  const key = count === 1 ? 'DEPOSIT_METHOD.FORM_ERRORS_one' : 'DEPOSIT_METHOD.FORM_ERRORS_other';
  await expect
    .poll(() => frame.locator('#cd-live-assertive').textContent())
    .toBe(text(lang, key, { count: String(count) }));
}

/**
 * Opens a method from the homepage (in `lang`, default English) and waits for its form; `onList`
 * when the list already shows, otherwise from a freshly opened cashier (see {@link waitForHome}).
 */
export async function openMethod(
  frame: Frame,
  name: string,
  options: { readonly onList?: boolean; readonly lang?: WidgetLanguage } = {},
): Promise<void> {
  if (options.onList === true) await waitForList(frame, options.lang);
  else await waitForHome(frame, options.lang);
  await methodTile(frame, name, options.lang).click();
  await waitForPath(frame, /^\/deposit\//);
  await frame.getByRole('heading', { level: 1, name: literal(name) }).waitFor();
}

/** Opens the card method and waits for the card number field. */
export async function openCardMethod(
  frame: Frame,
  options: { readonly onList?: boolean } = {},
): Promise<void> {
  await openMethod(frame, METHODS.card, options);
  await cardFields(frame).number.waitFor();
}

/** What {@link fillCard} and {@link payWithCard} type besides the number. */
export interface CardEntry {
  readonly expiry?: string;
  readonly cvv?: string;
  readonly holder?: string;
  readonly lang?: WidgetLanguage;
  /** Ticks "Save card" (it starts unticked: saving is the player's choice). */
  readonly save?: boolean;
}

/** Fills the new-card form (any future expiry, CVV 123, a holder name by default). */
export async function fillCard(
  frame: Frame,
  cardNumber: string,
  options: CardEntry = {},
): Promise<void> {
  const fields = cardFields(frame, options.lang);
  await fields.number.fill(cardNumber);
  await fields.expiry.fill(options.expiry ?? futureExpiry());
  await fields.cvv.fill(options.cvv ?? '123');
  await fields.holder.fill(options.holder ?? 'Ada Lovelace');
  if (options.save === true) await field(frame, 'PH.FIELD.SAVE_CARD', options.lang).check();
}

/**
 * The issuer's 3-D Secure challenge page: the frame inside the cashier frame (its method page),
 * once it shows its buttons.
 */
export async function challengeFrame(cashier: Frame, lang: WidgetLanguage = 'en'): Promise<Frame> {
  const handle = await cashier
    .getByTitle(text(lang, 'DEPOSIT_METHOD.THREE_DS.FRAME_TITLE'), { exact: true })
    .elementHandle();
  const challenge = await handle.contentFrame();
  if (challenge === null) throw new Error('the challenge frame has no document');
  await challenge.getByRole('button', { name: 'Pass', exact: true }).waitFor();
  return challenge;
}

/**
 * Answers the sandbox issuer's 3-D Secure challenge (its Pass or Fail button) with the keyboard,
 * as a keyboard or switch user does. Not a pointer click: the challenge is a frame inside the
 * cashier's frame, itself a frame of another site (a process of its own in Chromium); a click
 * there goes through the browser's routing of input between frame processes, which under load
 * now and then delivers it nowhere (seen on CI: no pointer event reached the challenge page, its
 * button never pressed, though it stood still and was hit-tested). Keys go to the focused frame.
 */
export async function answerChallenge(challenge: Frame, answer: 'Pass' | 'Fail'): Promise<void> {
  await challenge.getByRole('button', { name: answer, exact: true }).press('Enter');
}

/** Fills the card form (see {@link fillCard}) and submits it. */
export async function payWithCard(
  frame: Frame,
  cardNumber: string,
  options: CardEntry = {},
): Promise<void> {
  await fillCard(frame, cardNumber, options);
  await submitButton(frame, options.lang).click();
}

/** The amount input of the method form (SPEC §3 generated amount field). */
export function amountInput(frame: Frame): Locator {
  return frame.getByRole('textbox', { name: /amount/i }).first();
}

/** The amount blocks (SPEC §2 predefined amounts: one radio group). */
export function amountBlocks(frame: Frame, lang: WidgetLanguage = 'en'): Locator {
  return frame
    .getByRole('radiogroup', { name: text(lang, 'FIELDS.AMOUNT.BLOCKS'), exact: true })
    .getByRole('radio');
}

/** One amount block by its amount as configured (e.g. '50' shows "50 EUR"). */
export function amountBlock(frame: Frame, amount: string, lang: WidgetLanguage = 'en'): Locator {
  return amountBlocks(frame, lang).filter({ hasText: new RegExp(`(^|\\D)${amount}(\\D|$)`) });
}

/**
 * What the frame shows, for failure messages: its address and its accessibility tree, then the
 * same for every frame inside it (a snapshot stops at an iframe, and a 3-D Secure challenge or a
 * provider page runs in one).
 */
export async function describeFrame(frame: Frame, depth = 0): Promise<string> {
  const tree = await frame
    .locator('body')
    .ariaSnapshot()
    .catch((error: unknown) => `(no snapshot: ${String(error)})`);
  const inner = await Promise.all(
    frame.childFrames().map(async (child) => {
      const described = await describeFrame(child, depth + 1);
      return `\n--- frame inside (depth ${String(depth + 1)}): ${described}`;
    }),
  );
  return `${frame.url()}\n${tree}${inner.join('')}`;
}

/** Waits until the frame's address has `pathname` (a string or a pattern), or fails showing the frame. */
export async function waitForPath(frame: Frame, pathname: string | RegExp): Promise<void> {
  await frame
    .waitForURL((url) =>
      typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
    )
    .catch(async (error: unknown) => {
      throw new Error(
        `the cashier did not reach ${String(pathname)}; it shows ${await describeFrame(frame)}`,
        {
          cause: error,
        },
      );
    });
}

/**
 * Starts watching the frame's method forms (from now on, across the single-page navigations) for
 * a form shown in part: its submit button on screen while a field of it is still a loading
 * placeholder (its code on the way). A part-shown form grows when the field arrives, and the
 * submit button moves away from under the player's finger. The returned function says how many
 * times a part-shown form was seen.
 */
export async function watchPartShownForms(frame: Frame): Promise<() => Promise<number>> {
  await frame.evaluate(() => {
    const seen = { count: 0 };
    Reflect.set(window, '__cdPartShownForms', seen);
    const check = () => {
      for (const form of document.querySelectorAll('form')) {
        const submit = form.querySelector('button[type="submit"]');
        if (submit !== null && form.querySelector('.cd-skeleton__bar') !== null) seen.count += 1;
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    check();
  });
  return () =>
    frame.evaluate(() =>
      Number(Reflect.get(Object(Reflect.get(window, '__cdPartShownForms')), 'count')),
    );
}
