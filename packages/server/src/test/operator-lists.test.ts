/**
 * The lists the back office searches, on the real server over HTTP: the widget's client error
 * reports (SPEC §4, §8) as kept, scrubbed and session-free; the brand's players searched by
 * external id, e-mail or name and filtered by block and verification; and the audit trail
 * filtered by actor, action, target prefix and time. Each walks its pages once, shows another
 * brand's key nothing, refuses a key without its scope and answers 400 naming a bad filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPage,
  ClientReportPage,
  ENDPOINTS,
  ERROR_CODES,
  OperatorPlayer,
  PlayerPage,
} from '@cashdesk/contract';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  errorFields,
  freshBrandId,
  mintKey,
  operatorCall,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

let server: TestServer;
let brand0: string;
let other: OperatorBrand;
/** The server's clock: the system's, or the instant a test sets. */
let now: Date | undefined;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV, clock: () => now ?? new Date() });
  brand0 = (await mintKey(server, 'brand0')).key;
  other = await createOperatorBrand(server);
});

afterAll(async () => {
  await server.close();
});

/** GET `path` with `query`, expecting 200. */
async function get(path: string, query: Record<string, string>, key = brand0): Promise<unknown> {
  const answer = await operatorCall(
    server,
    'GET',
    `${path}?${new URLSearchParams(query).toString()}`,
    key,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Every page of a list, `limit` rows at a time; `rows` takes a page's rows. */
async function walk<T>(
  path: string,
  query: Record<string, string>,
  limit: number,
  rows: (body: unknown) => { readonly rows: readonly T[]; readonly next: string | null },
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  do {
    const page = rows(
      await get(path, { ...query, limit: String(limit), ...(cursor === null ? {} : { cursor }) }),
    );
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    seen.push(...page.rows);
    cursor = page.next;
  } while (cursor !== null);
  return seen;
}

/** 400 naming `field` for each bad query of `path`. */
async function expectRefused(path: string, cases: readonly (readonly [string, string])[]) {
  for (const [query, field] of cases) {
    const answer = await operatorCall(server, 'GET', `${path}?${query}`, brand0);
    expect(answer.status, query).toBe(400);
    expect(errorFields(answer.body), query).toEqual({ code: ERROR_CODES.invalidField.code, field });
  }
}

describe('operator API: GET /client-reports (SPEC §4, §8)', () => {
  const reportPages = (body: unknown) => {
    const page = ClientReportPage.parse(body);
    return { rows: page.reports, next: page.next_cursor };
  };
  let session: string;
  const player = freshBrandId('crash');

  async function send(kind: string, page: string, at: string, withSession = true) {
    now = new Date(at);
    const response = await fetch(`${server.baseUrl}${ENDPOINTS.clientReport.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${String(Math.floor(Math.random() * 200) + 1)}`,
        ...(withSession ? { 'x-session-id': session } : {}),
      },
      body: JSON.stringify({
        kind,
        message: 'card 4111 1111 1111 1111 refused',
        stack: `Error\n    at https://c.example${page}?session_id=${session}`,
        page,
        release: '0.1.0',
        user_agent: 'Chromium',
        trace_sampled: true,
        breadcrumbs: [{ type: 'navigation', message: `${page}?session_id=${session}`, at: 1 }],
      }),
    });
    now = undefined;
    expect(response.status).toBe(202);
  }

  it('SPEC §4, §8: lists the brand’s reports newest first, scrubbed, without the session id', async () => {
    session = await createTestSession(server, { player });
    await send('render_crash', '/deposit/1', '2031-05-01T10:00:00.000Z');
    await send('error', '/deposit/2', '2031-05-01T10:01:00.000Z');
    await send('unhandled_rejection', '/deposit/3', '2031-05-01T10:02:00.000Z');
    await send('error', '/deposit/anonymous', '2031-05-01T10:03:00.000Z', false);
    const window = { created_from: '2031-05-01T00:00:00.000Z', created_to: '2031-05-02T00:00:00Z' };
    const answer = await operatorCall(
      server,
      'GET',
      `/client-reports?${new URLSearchParams(window).toString()}`,
      brand0,
    );
    expect(answer.status).toBe(200);
    const { reports } = ClientReportPage.parse(answer.body);
    // The report without a session belongs to no brand: not listed.
    expect(reports.map((row) => [row.kind, row.page, row.player_id])).toEqual([
      ['unhandled_rejection', '/deposit/3', player],
      ['error', '/deposit/2', player],
      ['render_crash', '/deposit/1', player],
    ]);
    expect(reports[0]).toMatchObject({
      message: 'card [card] refused',
      received_at: '2031-05-01T10:02:00.000Z',
      trace_sampled: true,
    });
    expect(answer.text).not.toContain(session);
    expect(answer.text).not.toContain('4111 1111 1111 1111');
  });

  it('filters by kind and time received, and walks every report once', async () => {
    const window = { created_from: '2031-05-01T00:00:00.000Z', created_to: '2031-05-02T00:00:00Z' };
    const errors = ClientReportPage.parse(
      await get('/client-reports', { ...window, kind: 'error' }),
    );
    expect(errors.reports.map((row) => row.page)).toEqual(['/deposit/2']);
    const middle = ClientReportPage.parse(
      await get('/client-reports', {
        created_from: '2031-05-01T10:01:00.000Z',
        created_to: '2031-05-01T10:02:00.000Z',
      }),
    );
    expect(middle.reports.map((row) => row.page)).toEqual(['/deposit/2']);
    const walked = await walk('/client-reports', window, 1, reportPages);
    expect(walked.map((row) => row.page)).toEqual(['/deposit/3', '/deposit/2', '/deposit/1']);
  });

  it("shows another brand's key nothing, refuses a key without reports:read and bad filters", async () => {
    expect(ClientReportPage.parse(await get('/client-reports', {}, other.key)).reports).toEqual([]);
    const noScope = (await mintKey(server, 'brand0', ['players:read'])).key;
    expect((await operatorCall(server, 'GET', '/client-reports', noScope)).status).toBe(403);
    await expectRefused('/client-reports', [
      ['kind=panic', 'query.kind'],
      ['created_from=today', 'query.created_from'],
      ['created_to=2031-13-01T00:00:00Z', 'query.created_to'],
      ['cursor=bm9wZQ', 'query.cursor'],
      ['player_id=p1', 'query.player_id'],
    ]);
  });
});

describe('operator API: GET /players', () => {
  const playerPages = (body: unknown) => {
    const page = PlayerPage.parse(body);
    return { rows: page.players, next: page.next_cursor };
  };
  const prefix = freshBrandId('plist');

  /** Creates (or updates) a player of brand0 through a session, as the operator's backend does. */
  async function upsert(externalId: string, profile: Record<string, unknown>): Promise<void> {
    const answer = await operatorCall(server, 'POST', '/sessions', brand0, {
      body: { player: { external_id: externalId, ...profile }, flow: 'deposit', currency: 'EUR' },
    });
    expect(answer.status, answer.text).toBe(201);
  }

  it('finds players by external id prefix, e-mail or name part, each as GET /players/{id} answers it', async () => {
    await upsert(`${prefix}-ann`, {
      email: 'ann.smith@example.com',
      first_name: 'Ann',
      last_name: 'Smith',
      verification_status: 'verified',
    });
    await upsert(`${prefix}-bob`, { email: 'bob@example.org', first_name: 'Bob' });
    await upsert(`${prefix}-cid`, { last_name: 'Smithers', verification_status: 'pending' });
    const byPrefix = PlayerPage.parse(await get('/players', { q: prefix }));
    expect(byPrefix.players.map((row) => row.external_id)).toEqual([
      `${prefix}-cid`,
      `${prefix}-bob`,
      `${prefix}-ann`,
    ]);
    const single = await operatorCall(server, 'GET', `/players/${prefix}-ann`, brand0);
    expect(byPrefix.players[2]).toEqual(OperatorPlayer.parse(single.body));

    const smiths = PlayerPage.parse(await get('/players', { q: 'SMITH' })).players.map(
      (row) => row.external_id,
    );
    expect(smiths).toEqual(expect.arrayContaining([`${prefix}-ann`, `${prefix}-cid`]));
    expect(smiths).not.toContain(`${prefix}-bob`);
    const byMail = PlayerPage.parse(await get('/players', { q: 'bob@example.org' }));
    expect(byMail.players.map((row) => row.external_id)).toContain(`${prefix}-bob`);
    // The external id matches from its start only; % and _ are plain characters, not patterns.
    expect(PlayerPage.parse(await get('/players', { q: prefix.slice(2) })).players).toEqual([]);
    expect(PlayerPage.parse(await get('/players', { q: '%' })).players).toEqual([]);
    expect(PlayerPage.parse(await get('/players', { q: '_' })).players).toEqual([]);
  });

  it('filters by block and verification, and walks every player once', async () => {
    const blocked = await operatorCall(server, 'POST', `/players/${prefix}-bob/block`, brand0, {
      body: { reason: 'fraud review' },
    });
    expect(blocked.status).toBe(200);
    const ids = async (query: Record<string, string>) =>
      PlayerPage.parse(await get('/players', { q: prefix, ...query })).players.map(
        (row) => row.external_id,
      );
    expect(await ids({ blocked: 'true' })).toEqual([`${prefix}-bob`]);
    expect(await ids({ blocked: 'false' })).toEqual([`${prefix}-cid`, `${prefix}-ann`]);
    expect(await ids({ verified: 'true' })).toEqual([`${prefix}-ann`]);
    expect(await ids({ verified: 'false' })).toEqual([`${prefix}-cid`, `${prefix}-bob`]);
    expect(await ids({ verification_status: 'pending' })).toEqual([`${prefix}-cid`]);
    expect(await ids({ verified: 'false', blocked: 'false' })).toEqual([`${prefix}-cid`]);

    const whole = PlayerPage.parse(await get('/players', { limit: '200' })).players;
    const walked = await walk('/players', {}, 7, playerPages);
    expect(walked.map((row) => row.external_id)).toEqual(
      (await walk('/players', {}, 200, playerPages)).map((row) => row.external_id),
    );
    expect(new Set(walked.map((row) => row.external_id)).size).toBe(walked.length);
    expect(walked.length).toBeGreaterThanOrEqual(Math.min(whole.length, 200));
  });

  it("shows another brand's key none of the players, refuses a key without players:read and bad filters", async () => {
    expect(PlayerPage.parse(await get('/players', { q: prefix }, other.key)).players).toEqual([]);
    const noScope = (await mintKey(server, 'brand0', ['transactions:read'])).key;
    expect((await operatorCall(server, 'GET', '/players', noScope)).status).toBe(403);
    await expectRefused('/players', [
      ['blocked=yes', 'query.blocked'],
      ['verified=1', 'query.verified'],
      ['verification_status=maybe', 'query.verification_status'],
      [`q=${'x'.repeat(101)}`, 'query.q'],
      ['limit=201', 'query.limit'],
      ['cursor=bm9wZQ', 'query.cursor'],
      ['email=a', 'query.email'],
    ]);
  });
});

describe('operator API: GET /audit filters', () => {
  const entries = (body: unknown) => AuditPage.parse(body).entries;
  const external = freshBrandId('aud');
  const at = ['2031-06-01T10:00:00.000Z', '2031-06-01T11:00:00.000Z'] as const;
  let actor = '';

  it('filters by actor, action, target prefix and time, and walks the pages once', async () => {
    const key = await mintKey(server, 'brand0', ['players:write', 'players:read']);
    actor = key.id;
    const created = await operatorCall(server, 'POST', '/sessions', brand0, {
      body: { player: { external_id: external }, flow: 'deposit', currency: 'EUR' },
    });
    expect(created.status).toBe(201);
    for (const [index, time] of at.entries()) {
      now = new Date(time);
      const answer = await operatorCall(server, 'PATCH', `/players/${external}`, key.key, {
        body: { first_name: `Name ${String(index)}` },
      });
      now = undefined;
      expect(answer.status).toBe(200);
    }

    expect((await operatorCall(server, 'GET', `/players/${external}`, key.key)).status).toBe(200);
    const [read, ...otherReads] = entries(await get('/audit', { actor, kind: 'read' }));
    expect(otherReads).toEqual([]);
    expect(read).toMatchObject({ action: 'operatorPlayerGet', kind: 'read' });

    const changes = entries(await get('/audit', { actor, kind: 'change' }));
    expect(changes.map((row) => [row.action, row.target, row.at])).toEqual([
      ['operatorPlayerUpdate', `player:${external}`, at[1]],
      ['operatorPlayerUpdate', `player:${external}`, at[0]],
    ]);
    expect(
      entries(
        await get('/audit', { action: 'operatorPlayerUpdate', target: `player:${external}` }),
      ),
    ).toHaveLength(2);
    const ofPlayer = entries(await get('/audit', { target: `player:${external}` }));
    expect(ofPlayer.map((row) => row.action).sort()).toEqual([
      'operatorPlayerUpdate',
      'operatorPlayerUpdate',
      'operatorSessionCreate',
    ]);
    // A prefix: the start of the target finds it; the rest of it does not.
    expect(entries(await get('/audit', { target: `player:${external.slice(0, -3)}` }))).toEqual(
      expect.arrayContaining(ofPlayer),
    );
    expect(entries(await get('/audit', { target: external }))).toEqual([]);
    // Compared as text: a pattern character matches only itself.
    expect(entries(await get('/audit', { target: 'player:%' }))).toEqual([]);
    expect(entries(await get('/audit', { target: 'player:_' }))).toEqual([]);

    const later = entries(await get('/audit', { actor, kind: 'change', created_from: at[1] }));
    expect(later.map((row) => row.at)).toEqual([at[1]]);
    const earlier = entries(await get('/audit', { actor, kind: 'change', created_to: at[1] }));
    expect(earlier.map((row) => row.at)).toEqual([at[0]]);

    const whole = entries(await get('/audit', { actor, limit: '200' }));
    expect(whole).toHaveLength(3);
    const walked = await walk('/audit', { actor }, 1, (body) => {
      const page = AuditPage.parse(body);
      return { rows: page.entries, next: page.next_cursor };
    });
    expect(walked.map((row) => row.id)).toEqual(whole.map((row) => row.id));
  });

  it("shows another brand's key nothing of the brand's trail and answers 400 naming a bad filter", async () => {
    expect(entries(await get('/audit', { actor }, other.key))).toEqual([]);
    expect(entries(await get('/audit', { target: `player:${external}` }, other.key))).toEqual([]);
    await expectRefused('/audit', [
      ['action=operator%20player', 'query.action'],
      ['actor=', 'query.actor'],
      ['target=', 'query.target'],
      ['created_from=noon', 'query.created_from'],
      ['created_to=2031-02-30', 'query.created_to'],
      ['kind=write', 'query.kind'],
      ['who=me', 'query.who'],
    ]);
  });
});
