/**
 * Calls the integration suites make against a {@link TestServer}: JSON requests with the
 * session header, and the lookups of brand0's seed several suites share.
 *
 * @packageDocumentation
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { and, eq } from 'drizzle-orm';
import { payGroups, players, savedCards } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { formatToken } from '../providers/sandbox/provider-ref';
import type { TokenBehaviour } from '../providers/sandbox/provider-ref';
import { createTestSession } from './harness';
import type { TestServer } from './harness';

/** The cashier service's base path (SPEC §7). */
export const CASHIER = '/api/cashier-service/v1.0';
/** The account-management service's base path (SPEC §7). */
export const ACCOUNTS = '/api/account-management/v1.0';

/** The paths of the calls that move money and require an Idempotency-Key (contract ENDPOINTS). */
const KEYED_PATHS: readonly RegExp[] = Object.values(ENDPOINTS)
  .filter((endpoint) => endpoint.idempotencyKey)
  .map((endpoint) => new RegExp(`^${endpoint.path.replace(/\{[^}]+\}/g, '[^/?]+')}(?:\\?|$)`));

/**
 * The headers of a call with an Idempotency-Key added when the call needs one and has none: the
 * suites call like a client that always sends one (as the widget does), one key per call. A test
 * of the key itself names its own key, or calls without these helpers.
 */
export function withIdempotencyKey(
  path: string,
  headers: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const needsKey = KEYED_PATHS.some((pattern) => pattern.test(path));
  return needsKey && !Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key')
    ? { ...headers, 'idempotency-key': randomUUID() }
    : { ...headers };
}

/** The HTTP methods the suites call. */
export type Method = 'GET' | 'POST' | 'DELETE';

/**
 * A call: method, path, the session (sent as x-session-id; null sends none), a body (a string
 * goes as it is, anything else as JSON) and extra headers.
 */
export type CallArgs = [
  method: Method,
  path: string,
  sessionId: string | null,
  body?: unknown,
  headers?: Readonly<Record<string, string>>,
];

/** The status of an answer and its parsed JSON body. */
export interface Answer<Body = unknown> {
  readonly status: number;
  readonly body: Body;
}

/** Sends a call; the body of the answer is its JSON, or null when it is empty. */
export async function request(
  server: Pick<TestServer, 'baseUrl'>,
  ...[method, path, sessionId, body, headers = {}]: CallArgs
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: withIdempotencyKey(path, {
      ...(sessionId === null ? {} : { 'x-session-id': sessionId }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    }),
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const raw = await response.text();
  const parsed: unknown = raw === '' ? null : JSON.parse(raw);
  return { status: response.status, body: parsed };
}

/** Sends a call whose answer must be a JSON object (every answer of the services but 204s). */
export async function callJson(
  server: Pick<TestServer, 'baseUrl'>,
  ...args: CallArgs
): Promise<Answer<Record<string, unknown>>> {
  const answer = await request(server, ...args);
  if (!isRecord(answer.body)) throw new Error(`not an object: ${JSON.stringify(answer.body)}`);
  return { status: answer.status, body: answer.body };
}

/** The value itself when it is a string; a test failure otherwise. */
export function text(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`not a string: ${JSON.stringify(value)}`);
  return value;
}

/** The id of brand0's pay group `shortName` of the flow. */
export async function payGroupId(
  server: Pick<TestServer, 'db'>,
  shortName: string,
  flow: 'deposit' | 'withdrawal' = 'withdrawal',
): Promise<number> {
  const [row] = await server.db
    .select({ id: payGroups.id })
    .from(payGroups)
    .where(
      and(
        eq(payGroups.brandId, 'brand0'),
        eq(payGroups.flow, flow),
        eq(payGroups.shortName, shortName),
      ),
    );
  if (row === undefined) throw new Error(`no pay group ${shortName}`);
  return row.id;
}

/**
 * A new brand0 player (EUR 500 by the seed's defaults) with a withdrawal session and the
 * e-mail address `<name>@players.test`, plus the given phone or country.
 */
export async function withdrawalSession(
  server: Pick<TestServer, 'baseUrl' | 'db'>,
  name: string,
  details: { readonly phone?: string; readonly country?: string } = {},
): Promise<string> {
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'withdrawal',
    currency: 'EUR',
  });
  await server.db
    .update(players)
    .set({ email: `${name}@players.test`, ...details })
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  return sessionId;
}

/**
 * Saves a Visa card for the player whose sandbox token behaves as `behaviour` (default approved:
 * ending 0101; declined: ending 0202); returns its id.
 */
export async function saveSandboxCard(
  server: Pick<TestServer, 'db'>,
  playerId: string,
  behaviour: TokenBehaviour = 'approved',
): Promise<string> {
  const [card] = await server.db
    .insert(savedCards)
    .values({
      playerId,
      token: formatToken(behaviour, randomBytes(16).toString('hex')),
      last4: behaviour === 'declined' ? '0202' : '0101',
      bin: '400000',
      expMonth: 12,
      expYear: 2031,
      cardType: 'visa',
    })
    .returning({ id: savedCards.id });
  if (card === undefined) throw new Error('card not written');
  return card.id;
}

/** The sandbox's test card approved at once (providers/sandbox/test-cards.ts). */
export const APPROVED_CARD_PAN = '4000000000000101';

/** The body of a card deposit submit: `amount` EUR on the card `pan`, saved when asked. */
export function cardDepositBody(amount: string, pan: string = APPROVED_CARD_PAN, saveCard = false) {
  return {
    amount,
    currency: 'EUR',
    parameters: {
      card_pan: pan,
      month: '12',
      year: '31',
      card_cvv: '737',
      card_cardholder_name: 'ADA LOVELACE',
      save_card: saveCard,
    },
  };
}

/** A card deposit of `amount` EUR on the card `pan` to brand0's card deposit group. */
export async function cardDepositSubmit(
  server: Pick<TestServer, 'baseUrl' | 'db'>,
  sessionId: string,
  amount: string,
  pan: string = APPROVED_CARD_PAN,
): Promise<Answer<Record<string, unknown>>> {
  const payGroup = await payGroupId(server, 'card', 'deposit');
  return callJson(
    server,
    'POST',
    `${CASHIER}/payments/groups/${String(payGroup)}/submit`,
    sessionId,
    cardDepositBody(amount, pan),
  );
}

/** A withdrawal of `amount` EUR to brand0's card payout group, to the saved card `cardId`. */
export async function cardPayoutSubmit(
  server: Pick<TestServer, 'baseUrl' | 'db'>,
  sessionId: string,
  cardId: string,
  options: { readonly amount?: string; readonly key?: string } = {},
): Promise<Answer<Record<string, unknown>>> {
  const path = buildPath(ENDPOINTS.payoutSubmit, {
    payGroupId: String(await payGroupId(server, 'card_payout')),
  });
  return callJson(
    server,
    'POST',
    path,
    sessionId,
    { amount: options.amount ?? '40', currency: 'EUR', card_data: { card_id: cardId } },
    { 'idempotency-key': options.key ?? randomUUID() },
  );
}

/** A session of a new player of brand0 (named `prefix-…`) and the player's row id. */
export async function newPlayerSession(
  server: TestServer,
  prefix: string,
): Promise<{ readonly session: string; readonly playerUuid: string }> {
  const player = `${prefix}-${randomUUID().slice(0, 8)}`;
  const session = await createTestSession(server, { player, brand: 'brand0' });
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.externalId, player));
  if (row === undefined) throw new Error('no player');
  return { session, playerUuid: row.id };
}
