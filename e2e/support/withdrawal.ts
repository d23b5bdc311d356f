/**
 * Steps of the withdrawal journeys in the cashier frame, by role and accessible name
 * (the widget's locale texts and the seed's payout method names), and the server-side set-up
 * they need: a player's contacts for one-time codes and a verification block.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Frame, Locator } from 'playwright-core';
import { ENDPOINTS } from '@cashdesk/contract';
import { literal, openHostedCashier, pattern, text, uniquePlayer } from './cashier';
import type { HostedCashier, OpenOptions, WidgetLanguage } from './cashier';
import type { StackAndBrowser } from './fixture';
import { describeFrame, methodGroups, methodTile, waitForPath } from './journeys';
import { newSession } from './stack';
import type { Stack } from './stack';

/**
 * The seed's brand0 payout methods (packages/server/src/db/seed-data/brand0-payout-methods.ts),
 * by public name.
 */
export const PAYOUT_METHODS = {
  card: 'Payout to card',
  ewallet: 'E-Wallet payout',
  mobile: 'Mobile money payout (await)',
  crypto: 'Crypto payout (QR code)',
  bankTransfer: 'Bank transfer payout',
  betShop: 'Cash pick-up at a bet shop',
} as const;

/** Waits for the withdrawal homepage's method list at /withdrawal. */
export async function waitForWithdrawalList(
  frame: Frame,
  lang: WidgetLanguage = 'en',
): Promise<void> {
  await waitForPath(frame, '/withdrawal');
  await frame.getByRole('heading', { level: 1, name: text(lang, 'WITHDRAWAL.TITLE') }).waitFor();
  await methodGroups(frame, lang).first().waitFor();
}

/**
 * From a freshly opened withdrawal cashier to its method list. The first load chooses a method by
 * itself (SPEC §4 automatic method choice, withdrawal: the first carousel method), so the cashier
 * opens on that method's page; its back link leads to the list, which does not choose again.
 */
export async function openWithdrawal(frame: Frame, lang: WidgetLanguage = 'en'): Promise<void> {
  const back = frame.getByRole('link', { name: text(lang, 'WITHDRAWAL.BACK'), exact: true });
  await back.waitFor().catch(async (error: unknown) => {
    throw new Error(`no automatically chosen payout method: ${await describeFrame(frame)}`, {
      cause: error,
    });
  });
  await waitForPath(frame, /^\/withdrawal\/[^/]+$/);
  await back.click();
  await waitForWithdrawalList(frame, lang);
}

/** Opens a payout method from the list and waits for its form's withdraw button. */
export async function openPayoutMethod(
  frame: Frame,
  name: string,
  lang: WidgetLanguage = 'en',
): Promise<void> {
  await methodTile(frame, name, lang).click();
  await waitForPath(frame, /^\/withdrawal\/\d+$/);
  await frame.getByRole('heading', { level: 1, name: literal(name) }).waitFor();
  await withdrawButton(frame, lang).waitFor();
}

/** The method page's withdraw button ("Withdraw 20.00 EUR", or "Withdraw" without an amount). */
export function withdrawButton(frame: Frame, lang: WidgetLanguage = 'en'): Locator {
  const withAmount = pattern(lang, 'WITHDRAWAL.SUBMIT').source;
  const plain = literal(text(lang, 'WITHDRAWAL.SUBMIT_NO_AMOUNT')).source;
  return frame.getByRole('button', { name: new RegExp(`${withAmount}|^${plain}$`) });
}

/** The level-1 heading of a withdrawal result page. */
export function resultHeading(
  frame: Frame,
  status: 'SUCCESS' | 'ERROR' | 'PROCESSING',
  lang: WidgetLanguage = 'en',
): Locator {
  return frame.getByRole('heading', {
    level: 1,
    name: literal(text(lang, `RESULT.WITHDRAWAL.${status}.TITLE`)),
  });
}

/** The texts that describe a control (its aria-describedby elements). */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** The figure of one line of the amount summary (tax, fee...), by its label's text key. */
export function summaryFigure(
  frame: Frame,
  labelKey: string,
  lang: WidgetLanguage = 'en',
): Locator {
  return frame
    .getByRole('term')
    .filter({ hasText: new RegExp(`^\\s*${literal(text(lang, labelKey)).source}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Gives a player (created by a session before) an e-mail address and a phone number, so that a
 * one-time code can be sent (SPEC §3 trusted_contacts); players made on demand have neither.
 */
export async function giveContacts(stack: Pick<Stack, 'app'>, player: string): Promise<void> {
  await stack.app.cashdesk.db.execute(sql`
    update players set email = ${`${player}@players.cashdesk.test`}, phone = '+4915100000042',
      country = 'DE'
    where external_id = ${player} and brand_id = 'brand0'`);
}

/**
 * A fresh player with an e-mail address and a phone number (a one-time code can be sent; the
 * mobile payout goes to the profile phone), its cashier open on /withdrawal.
 */
export async function openWithContacts(
  env: StackAndBrowser,
  prefix: string,
  options: Omit<OpenOptions, 'player' | 'flow'> = {},
): Promise<HostedCashier> {
  const player = uniquePlayer(prefix);
  // The session creates the player; the contacts are set before the cashier asks for them.
  await newSession(env.stack, { player, flow: 'withdrawal' });
  await giveContacts(env.stack, player);
  return openHostedCashier(env.browser, env.stack, { ...options, player, flow: 'withdrawal' });
}

/**
 * Blocks the payout account verification of a player until `until` on the server, as too many
 * wrong codes would: a payout account of the player whose one-time code challenge carries the
 * block (SPEC §3 payout_account_verification_blocked_until). A verification block always belongs
 * to a challenge of an account; a challenge without one is a deposit code's.
 */
export async function blockVerification(
  stack: Pick<Stack, 'app'>,
  player: string,
  until: Date,
): Promise<void> {
  const now = new Date();
  await stack.app.cashdesk.db.execute(sql`
    with account as (
      insert into payout_accounts (player_id, requisite_type, masked_value, details)
      select id, 'phone', '+49176*****999', '{}'::jsonb
      from players where external_id = ${player} and brand_id = 'brand0'
      returning id, player_id
    )
    insert into otp_challenges
      (id, player_id, payout_account_id, contact_type, code_hash, attempts, max_attempts,
       expires_at, resend_count, max_resends, blocked_until)
    select ${randomUUID()}, player_id, id, 'phone', 'blocked-by-test', 3, 3,
      ${now.toISOString()}, 1, 3, ${until.toISOString()}
    from account`);
}

/** The latest one-time code the sandbox sent in a session (GET /sandbox/otp/latest). */
export async function latestOtp(
  stack: Pick<Stack, 'serverUrl'>,
  sessionId: string,
): Promise<string> {
  const response = await fetch(`${stack.serverUrl}${ENDPOINTS.sandboxLatestOtp.path}`, {
    headers: { 'x-session-id': sessionId },
  });
  const body: unknown = await response.json();
  const otp: unknown = Reflect.get(Object(body), 'otp');
  if (response.status !== 200 || typeof otp !== 'string') {
    throw new Error(`no sandbox code: ${response.status} ${JSON.stringify(body)}`);
  }
  return otp;
}
