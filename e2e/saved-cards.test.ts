/**
 * Saved cards in the demo host page's iframe (SPEC §2 /cards, §3 saved card, §4 card
 * form variants, §7 /user-cards): a new card paid and saved, paid again with the saved card (its
 * token is active, so the CVV only), deleted from /cards after a confirmation, and a saved card
 * the issuer declines. After such payments neither the database nor the browser's storage holds
 * the card number or a CVV that was typed (the server's own suite checks its logs the same way).
 */
import { savedCards } from '../packages/server/src/db/schema';
import { isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { useStackAndBrowser } from './support';
import type { Stack } from './support';
import {
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  openTopLevelCashier,
  sameAmount,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import {
  METHODS,
  TEST_CARDS,
  cardFields,
  openCardMethod,
  openMethod,
  payWithCard,
  submitButton,
  waitForList,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** Distinctive CVVs, so a search for them cannot hit anything else. */
const FIRST_CVV = '864';
const SAVED_CVV = '739';

/** The radio of a saved card on the method page, by its spoken name. */
function savedCardChoice(frame: Frame, last4: string) {
  return frame.getByRole('radio', { name: new RegExp(` ${last4}, `) });
}

/** Everything the cashier's origin keeps in the browser (local and session storage). */
async function browserStorage(frame: Frame): Promise<string> {
  return frame.evaluate(() =>
    JSON.stringify({
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
    }),
  );
}

/** The rows of a raw query's answer (PGlite and node-postgres both answer `{ rows }`). */
function rowsOf(answer: unknown): readonly Record<string, unknown>[] {
  const rows: unknown = Reflect.get(Object(answer), 'rows');
  if (!Array.isArray(rows)) throw new Error('the query answered no rows');
  return rows.map((row: unknown) => {
    const record: Record<string, unknown> = {};
    if (typeof row === 'object' && row !== null) {
      for (const [key, value] of Object.entries(row)) record[key] = value;
    }
    return record;
  });
}

/** Every row of every table of the server's database, as JSON text. */
async function databaseText(target: Stack): Promise<string> {
  const db = target.app.cashdesk.db;
  const tables = rowsOf(
    await db.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  const parts: string[] = [];
  for (const table of tables) {
    const schema = String(table.table_schema);
    const name = String(table.table_name);
    const [dump] = rowsOf(
      await db.execute(
        sql`select coalesce(jsonb_agg(to_jsonb(t))::text, '[]') as rows from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      ),
    );
    parts.push(String(dump?.rows));
  }
  return parts.join('\n');
}

describe('saved cards (SPEC §2 /cards, §4 card form variants, §7 /user-cards)', () => {
  it('pays with a new card and saves it, pays again with the CVV only, deletes it from /cards', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    // A fresh player has no saved card: no card choice, the new card's fields, save card
    // unticked until the player ticks it (agreeing to keep the card is the player's act).
    await frame.getByRole('textbox', { name: text('en', 'PH.FIELD.CARD_NUMBER') }).waitFor();
    expect(await frame.getByRole('radio', { name: text('en', 'CARDS.NEW_CARD') }).count()).toBe(0);
    const saveCard = frame.getByRole('checkbox', { name: text('en', 'PH.FIELD.SAVE_CARD') });
    expect(await saveCard.isChecked()).toBe(false);
    await saveCard.check();
    await payWithCard(frame, TEST_CARDS.approved, { cvv: FIRST_CVV });
    await waitForPath(frame, '/deposit/deposit-success');

    // Again: the saved card is chosen, its number, expiry and holder are on file; an active
    // token asks for the CVV (SPEC §5).
    await frame
      .getByRole('button', { name: literal(text('en', 'RESULT.BUTTON.ALL_METHODS')) })
      .click();
    await waitForList(frame);
    // The saved card hides the number field: the method's heading is what to wait for.
    await openMethod(frame, METHODS.card, { onList: true });
    const saved = savedCardChoice(frame, '0101');
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    const fields = cardFields(frame);
    expect(await fields.number.count()).toBe(0);
    expect(await fields.expiry.count()).toBe(0);
    expect(await saveCard.count()).toBe(0);
    await visitScreen(page, frame, 'saved-card-form');
    await fields.cvv.fill(SAVED_CVV);
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-success');
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['success', 'success']);

    // /cards: the card, a confirmation, then an empty list.
    await frame
      .getByRole('button', { name: literal(text('en', 'RESULT.BUTTON.ALL_METHODS')) })
      .click();
    await waitForList(frame);
    await openMethod(frame, METHODS.card, { onList: true });
    await frame.getByRole('link', { name: text('en', 'CARDS.MANAGE'), exact: true }).click();
    await waitForPath(frame, '/cards');
    await frame.getByRole('heading', { level: 1, name: text('en', 'CARDS.TITLE') }).waitFor();
    await visitScreen(page, frame, 'saved-cards-list');
    await frame.getByRole('button', { name: /^Delete Visa ending in 0101/ }).click();
    const dialog = frame.getByRole('alertdialog', { name: text('en', 'CARDS.CONFIRM.TITLE') });
    await dialog.waitFor();
    await visitScreen(page, frame, 'saved-cards-confirm-delete');
    await dialog.getByRole('button', { name: text('en', 'CARDS.CONFIRM.DELETE') }).click();
    await frame.getByText(text('en', 'CARDS.EMPTY'), { exact: true }).waitFor();
    await visitScreen(page, frame, 'saved-cards-empty');
    const left = await env.stack.app.cashdesk.db
      .select()
      .from(savedCards)
      .where(isNull(savedCards.deletedAt));
    expect(left.filter((card) => card.last4 === '0101')).toHaveLength(0);

    await closeHosted(hosted);
  });

  it('no card number and no typed CVV in the database, the server logs or the browser storage', async () => {
    // Top level, where the cashier's storage is its own: in the host page's frame this Chromium
    // denies a third-party frame its storage altogether, which would make the check empty.
    const hosted = await openTopLevelCashier(env.browser, env.stack, 'storage');
    const { frame } = hosted;
    await openCardMethod(frame);
    await payWithCard(frame, TEST_CARDS.approved, { cvv: FIRST_CVV, save: true });
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('button', { name: literal(text('en', 'RESULT.BUTTON.ALL_METHODS')) })
      .click();
    await openMethod(frame, METHODS.card, { onList: true });
    await savedCardChoice(frame, '0101').waitFor();
    await cardFields(frame).cvv.fill(SAVED_CVV);
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-success');

    const storage = await browserStorage(frame);
    // Positive control: the storage read is the cashier's real one (it keeps the session list).
    expect(storage).toContain('phPrevSessionIdData');
    const database = await databaseText(env.stack);
    expect(database).toContain('"0101"');
    const logs = env.stack.logs();
    // Positive control: the logs hold this run's requests.
    expect(logs).toContain('/payments/groups/');
    const forms = ['4000000000000101', '4000 0000 0000 0101', '4000-0000-0000-0101'];
    for (const where of [storage, database, logs]) {
      for (const form of forms) expect(where).not.toContain(form);
      for (const cvv of [FIRST_CVV, SAVED_CVV]) expect(where).not.toContain(`"${cvv}"`);
    }
    await closeHosted(hosted);
  });

  it('a saved card the issuer declines: the decline page and no credit', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, { player: 'demo2' });
    const { page, frame, session } = hosted;
    const before = await balanceOf(env.stack, session.sessionId);
    await openMethod(frame, METHODS.card);
    await savedCardChoice(frame, '0200').check();
    const cvv = cardFields(frame).cvv;
    if ((await cvv.count()) > 0) await cvv.fill(SAVED_CVV);
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-error');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.ERROR.TITLE')) })
      .waitFor();
    await visitScreen(page, frame, 'saved-card-declined');
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), before)).toBe(true);
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['error']);
    await closeHosted(hosted);
  });
});
