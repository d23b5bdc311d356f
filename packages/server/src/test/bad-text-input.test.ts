/**
 * Bad text input (docs/architecture.md "What bad input gets"): bad text is always a 4xx with an error code
 * naming the field, never a 5xx. Walks the contract's endpoint table: for every endpoint that
 * takes path parameters, a query, headers or a body, a valid request is changed in one string at
 * a time (a value at any depth, or a key of a body object) and sent to the real server on a real
 * database with a real session.
 *
 * Headers go through `app.inject`: a NUL or a lone surrogate cannot travel in an HTTP header (the
 * Node parser refuses control characters and reads header bytes as Latin-1), but the server must
 * not depend on that. Everything else travels over real HTTP. A lone surrogate travels in JSON as
 * its escape (`"\ud800"`), in an address as the bytes a careless client writes for it (ED A0 80).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, EXAMPLE_DEPOSIT_SUBMIT, buildPath } from '@cashdesk/contract';
import type { EndpointId } from '@cashdesk/contract';
import { isRecord } from '../platform/is-record';
import { callJson, payGroupId, text, withdrawalSession } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import {
  MULTIPART_BOUNDARY,
  describeLocation,
  fieldOf,
  multipartBody,
  textLocations,
  urlOf,
  withChange,
} from './request-variants';
import type { Change, MultipartForm, TextLocation, WalkRequest } from './request-variants';

let server: TestServer;
let dataDir: string;
let context: WalkContext;

/** What the base requests need from the seeded database and a few calls. */
interface WalkContext {
  readonly depositSession: string;
  readonly withdrawalSession: string;
  readonly card: number;
  readonly bankTransfer: number;
  readonly ewalletPayout: number;
  readonly bankPayout: number;
  readonly savedCardId: string;
  readonly requisiteId: string;
  readonly transactionId: string;
}

/** Ids of the endpoints that read input of the client (path parameters, query, headers, body). */
type InputEndpointId = {
  [K in EndpointId]: (typeof ENDPOINTS)[K] extends
    | { readonly params: object }
    | { readonly query: object }
    | { readonly headers: object }
    | { readonly body: object }
    ? K
    : never;
}[EndpointId];

/** A valid request of an endpoint, and the session flow it runs in. */
interface BaseRequest {
  readonly request: WalkRequest;
  readonly flow: 'deposit' | 'withdrawal' | null;
  /** The multipart form of an upload (its text parts and file name are walked too). */
  readonly form?: MultipartForm;
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

function request(
  endpoint: { readonly method: 'GET' | 'POST' | 'DELETE'; readonly path: string },
  parts: Partial<Omit<WalkRequest, 'method' | 'path'>> = {},
): WalkRequest {
  return {
    method: endpoint.method,
    path: endpoint.path,
    params: parts.params ?? {},
    query: parts.query ?? {},
    headers: parts.headers ?? {},
    ...(parts.body === undefined ? {} : { body: parts.body }),
  };
}

/** One valid request per endpoint with input; the type makes a new endpoint fail to compile. */
const BASES: { readonly [K in InputEndpointId]: (c: WalkContext) => BaseRequest } = {
  depositSelect: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.depositSelect, {
      params: { payGroupId: String(c.card) },
      body: { currency: 'EUR' },
    }),
  }),
  depositSubmit: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.depositSubmit, {
      params: { payGroupId: String(c.card) },
      body: {
        amount: '36.00',
        currency: 'EUR',
        parameters: {
          card_pan: '4000000000000101',
          card_cvv: '737',
          month: '12',
          year: '31',
          card_cardholder_name: 'JANE DOE',
        },
        save_card: false,
        browser_data: EXAMPLE_DEPOSIT_SUBMIT.browser_data,
        fingerprint: 'fp_5d1a0c',
      },
    }),
  }),
  depositUpload: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.depositUpload, { params: { payGroupId: String(c.bankTransfer) } }),
    form: {
      fields: { field_name: 'receipt' },
      fileName: 'receipt.pdf',
      fileType: 'application/pdf',
      bytes: PDF,
    },
  }),
  payoutSelect: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.payoutSelect, {
      params: { payGroupId: String(c.bankPayout) },
      body: { currency: 'EUR' },
    }),
  }),
  payoutSubmit: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.payoutSubmit, {
      params: { payGroupId: String(c.bankPayout) },
      body: {
        amount: '60',
        currency: 'EUR',
        parameters: {
          iban: 'DE89370400440532013000',
          birth_date: '1990-05-01T00:00:00.000Z',
          account_owner_confirmed: true,
        },
        is_new_payout_account: true,
      },
    }),
  }),
  payoutUpload: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.payoutUpload, { params: { payGroupId: String(c.bankPayout) } }),
    form: {
      fields: { field_name: 'id_document' },
      fileName: 'passport.pdf',
      fileType: 'application/pdf',
      bytes: PDF,
    },
  }),
  depositRoute: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.depositRoute, {
      params: { paygroup_id: String(c.card) },
      body: { currency: 'EUR', amount: '50', parameters: { bank: 'b1' } },
    }),
  }),
  payoutRoute: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.payoutRoute, {
      params: { paygroup_id: String(c.bankPayout) },
      body: { currency: 'EUR', amount: '50', parameters: { iban: 'DE89370400440532013000' } },
    }),
  }),
  depositOtp: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.depositOtp, {
      params: { paygroup_id: String(c.card) },
      body: {
        currency: 'EUR',
        amount: '50',
        parameters: { phone: '+35699123456' },
        field_name: 'otp',
      },
    }),
  }),
  altInteraction: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.altInteraction, { params: { transactionId: c.transactionId } }),
  }),
  altStatus: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.altStatus, { params: { transactionId: c.transactionId } }),
  }),
  paymentHistory: () => ({
    flow: 'deposit',
    request: request(ENDPOINTS.paymentHistory, { query: { limit: '5' } }),
  }),
  alt3dsResult: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.alt3dsResult, {
      body: {
        transaction_id: c.transactionId,
        pa_res: 'eJzVWNmSo0iS',
        cres: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ',
        md: 'merchant-data',
        outcome: 'authenticated',
      },
    }),
  }),
  userCardsList: () => ({
    flow: 'deposit',
    request: request(ENDPOINTS.userCardsList, { headers: { 'x-fingerprint': 'fp_5d1a0c' } }),
  }),
  userCardsDelete: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.userCardsDelete, {
      body: { card_id: c.savedCardId, withholding_type: 'Payment' },
    }),
  }),
  userCardsRecurringCheck: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.userCardsRecurringCheck, {
      body: { user_card_id: c.savedCardId, amount: '20' },
    }),
  }),
  contentPage: () => ({
    flow: 'deposit',
    request: request(ENDPOINTS.contentPage, { params: { slug: 'payment-terms' } }),
  }),
  appearance: () => ({
    flow: 'deposit',
    request: request(ENDPOINTS.appearance, { query: { lang: 'de-XX', theme: 'brand0' } }),
  }),
  requisiteCreate: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.requisiteCreate, {
      body: {
        pay_group_id: c.ewalletPayout,
        requisite_type: '2',
        value: '+4915712345678',
        label: 'My wallet',
        parameters: { wallet_phone: '+4915712345678', save_requisites: true },
      },
    }),
  }),
  requisiteDelete: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.requisiteDelete, { params: { requisiteId: c.requisiteId } }),
  }),
  otpSend: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.otpSend, {
      body: { contact_type: 'email', requisite_id: c.requisiteId },
    }),
  }),
  otpVerify: (c) => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.otpVerify, { body: { otp: '482913', requisite_id: c.requisiteId } }),
  }),
  depositMetrics: () => ({
    flow: 'deposit',
    request: request(ENDPOINTS.depositMetrics, {
      body: {
        metrics: [{ name: 'TTI', value: 1234 }],
        tags: { brand: 'brand0', channel: 'MOBILE_WEB', lang: 'en' },
      },
    }),
  }),
  payoutMetrics: () => ({
    flow: 'withdrawal',
    request: request(ENDPOINTS.payoutMetrics, {
      body: { metrics: [{ name: 'FID', value: 12 }], tags: { page: 'payout-list' } },
    }),
  }),
  clientReport: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.clientReport, {
      headers: { 'x-session-id': c.depositSession },
      body: {
        kind: 'render_crash',
        message: 'TypeError: x is undefined',
        stack: 'TypeError: x is undefined\n    at Amount (app.js:1:2)',
        page: '/deposit',
        release: '0.1.0',
        user_agent: 'Chromium',
        trace_sampled: true,
        breadcrumbs: [{ type: 'click', message: 'Pay', at: 1_764_320_000_000 }],
      },
    }),
  }),
  userCardsTokenize: () => ({
    flow: 'deposit',
    request: request(ENDPOINTS.userCardsTokenize, {
      body: {
        card_data: {
          card_pan: '4000000000000101',
          card_exp_month: '12',
          card_exp_year: '31',
          card_cvv: '737',
          card_cardholder_name: 'JANE DOE',
        },
        browser_data: EXAMPLE_DEPOSIT_SUBMIT.browser_data,
      },
    }),
  }),
  icon: () => ({
    flow: null,
    request: request(ENDPOINTS.icon, { params: { theme: 'brand0', file: 'ic_24_close.svg' } }),
  }),
  analyticsCollect: (c) => ({
    flow: 'deposit',
    request: request(ENDPOINTS.analyticsCollect, {
      headers: { 'x-session-id': c.depositSession },
      body: {
        events: [
          {
            type: 'click',
            session_id: 'analytics-1',
            session_type: 'deposit',
            pay_group: c.card,
            contexts: { channel: 'DESKTOP_AIR_PM', brand: 'COM', language: 'en' },
            data: { target: 'submit_button' },
          },
        ],
      },
    }),
  }),
  sandboxCreateSession: () => ({
    flow: null,
    request: request(ENDPOINTS.sandboxCreateSession, {
      body: { player: 'walker-new', flow: 'deposit', currency: 'EUR', lang: 'en' },
    }),
  }),
  sandboxThreeDsChallenge: (c) => ({
    flow: null,
    request: request(ENDPOINTS.sandboxThreeDsChallenge, {
      params: { transactionId: c.transactionId },
      query: { return_url: '/3ds_result' },
    }),
  }),
};

/** The bad characters of the walk, each as a change of one string. */
const BAD_TEXT: readonly { readonly name: string; readonly change: Change }[] = [
  { name: 'NUL', change: { value: (current) => `${String(current)}\u0000x` } },
  { name: 'lone surrogate', change: { value: (current) => `${String(current)}\ud800x` } },
];

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw.slice(0, 200);
  }
}

function sessionOf(flow: BaseRequest['flow']): Record<string, string> {
  if (flow === null) return {};
  return {
    'x-session-id': flow === 'deposit' ? context.depositSession : context.withdrawalSession,
  };
}

/** Sends a walk request: over HTTP, or through inject when a header carries the change. */
async function send(
  base: BaseRequest,
  changed: WalkRequest,
  options: { readonly inject: boolean; readonly form?: MultipartForm },
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...sessionOf(base.flow),
    ...(changed.path === ENDPOINTS.depositSubmit.path ||
    changed.path === ENDPOINTS.payoutSubmit.path ||
    options.form !== undefined
      ? { 'idempotency-key': `walk-${randomUUID()}` }
      : {}),
    ...changed.headers,
  };
  let payload: string | Buffer | undefined;
  if (options.form !== undefined) {
    headers['content-type'] = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
    payload = multipartBody(options.form);
  } else if (changed.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(changed.body);
  }
  if (options.inject) {
    const answer = await server.app.inject({
      method: changed.method,
      url: urlOf(changed),
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: answer.statusCode, body: parsed(answer.body) };
  }
  const response = await fetch(`${server.baseUrl}${urlOf(changed)}`, {
    method: changed.method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
  });
  return { status: response.status, body: parsed(await response.text()) };
}

/** What is wrong with an answer to bad text at a field: '' when it is the 400 naming it. */
function verdict(answer: Answer, field: string): string {
  const body = answer.body;
  if (
    answer.status === 400 &&
    isRecord(body) &&
    body.error_code === '1002' &&
    body.error_field === field
  ) {
    return '';
  }
  return `${String(answer.status)} ${JSON.stringify(body)}`;
}

/**
 * What is wrong with an answer to a value the server may accept (or never read): '' unless it is a
 * 5xx, a refusal without an error code, or an invalidField naming another field.
 */
function lenientVerdict(answer: Answer, field: string): string {
  if (answer.status < 400) return '';
  const body = answer.body;
  const coded = isRecord(body) && typeof body.error_code === 'string';
  if (answer.status < 500 && coded && (body.error_code !== '1002' || body.error_field === field)) {
    return '';
  }
  return `${String(answer.status)} ${JSON.stringify(body)}`;
}

const INPUT_IDS = Object.keys(BASES).filter((id): id is InputEndpointId => id in BASES);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-walk-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  const depositSession = await createTestSession(server, { player: 'demo' });
  const withdrawal = await withdrawalSession(server, 'walker', { phone: '+4915711122233' });
  const ewalletPayout = await payGroupId(server, 'ewallet_payout', 'withdrawal');
  const cards = await callJson(server, 'GET', ENDPOINTS.userCardsList.path, depositSession);
  const list: unknown = cards.body.cards;
  const firstCard: unknown = Array.isArray(list) ? list[0] : undefined;
  if (!isRecord(firstCard)) throw new Error('demo has no saved card');
  const created = await callJson(server, 'POST', ENDPOINTS.requisiteCreate.path, withdrawal, {
    pay_group_id: ewalletPayout,
    requisite_type: '2',
    value: '+4915799988877',
  });
  const ewallet = await payGroupId(server, 'ewallet', 'deposit');
  const submitted = await callJson(
    server,
    'POST',
    buildPath(ENDPOINTS.depositSubmit, { payGroupId: ewallet }),
    depositSession,
    { amount: '25', currency: 'EUR', parameters: { wallet_phone: '+4915112345678' } },
  );
  context = {
    depositSession,
    withdrawalSession: withdrawal,
    card: await payGroupId(server, 'card', 'deposit'),
    bankTransfer: await payGroupId(server, 'bank_transfer', 'deposit'),
    ewalletPayout,
    bankPayout: await payGroupId(server, 'bank_payout', 'withdrawal'),
    savedCardId: text(firstCard.card_id),
    requisiteId: text(created.body.requisite_id),
    transactionId: text(submitted.body.transaction_id),
  };
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bad text in any request string', () => {
  it('walks every endpoint of the contract that takes input', () => {
    const withInput = Object.values(ENDPOINTS)
      .filter(
        (endpoint) =>
          'params' in endpoint ||
          'query' in endpoint ||
          'headers' in endpoint ||
          'body' in endpoint,
      )
      .map((endpoint) => endpoint.id)
      .sort();
    expect([...INPUT_IDS].sort()).toEqual(withInput);
  });

  it('a NUL or a lone surrogate in any string of any endpoint is a 400 naming the field, never a 500', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const id of INPUT_IDS) {
      const base = BASES[id](context);
      for (const location of textLocations(base.request)) {
        for (const bad of BAD_TEXT) {
          const changed = withChange(base.request, location, bad.change);
          const answer = await send(base, changed, {
            inject: location.part === 'headers',
            ...(base.form === undefined ? {} : { form: base.form }),
          });
          sent += 1;
          // A lone surrogate cannot travel in an address: in a path Fastify cannot decode it, so
          // no single parameter is named; in a query it stays the literal text "%ED%A0%80", which
          // is not bad text (the route decides).
          const surrogate = bad.name === 'lone surrogate';
          const problem =
            surrogate && location.part === 'params'
              ? verdict(answer, 'params')
              : surrogate && location.part === 'query'
                ? lenientVerdict(answer, fieldOf(location))
                : verdict(answer, fieldOf(location));
          if (problem !== '')
            wrong.push(`${id} ${describeLocation(location)} ${bad.name}: ${problem}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });

  it('the session and Idempotency-Key headers with a NUL or a lone surrogate are a 400 naming the header', async () => {
    const wrong: string[] = [];
    for (const id of ['depositSubmit', 'payoutSubmit', 'userCardsList'] as const) {
      const base = BASES[id](context);
      for (const header of ['x-session-id', 'idempotency-key']) {
        for (const bad of BAD_TEXT) {
          const good =
            header === 'x-session-id' ? sessionOf(base.flow)[header] : `walk-${randomUUID()}`;
          const changed = {
            ...base.request,
            headers: { ...base.request.headers, [header]: bad.change.value(good) },
          };
          const answer = await send(base, changed, { inject: true });
          const location: TextLocation = { part: 'headers', path: [header] };
          const problem = verdict(answer, fieldOf(location));
          if (problem !== '') wrong.push(`${id} ${header} ${bad.name}: ${problem}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a NUL or a control character in an upload form part or file name is a 400 naming it, never a 500', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const id of ['depositUpload', 'payoutUpload'] as const) {
      const base = BASES[id](context);
      const form = base.form;
      if (form === undefined) throw new Error(`${id} has no form`);
      const variants: {
        readonly where: string;
        readonly field: string;
        readonly form: (bad: string) => MultipartForm;
      }[] = [
        {
          where: 'file name',
          field: 'file',
          form: (bad) => ({ ...form, fileName: `a${bad}.pdf` }),
        },
        ...Object.entries(form.fields).flatMap(([name, value]) => [
          {
            where: `part ${name}`,
            field: name,
            form: (bad: string) => ({
              ...form,
              fields: { ...form.fields, [name]: `${value}${bad}` },
            }),
          },
          {
            where: `name of part ${name}`,
            field: 'body',
            form: (bad: string) => ({
              ...form,
              fields: { ...form.fields, [`${name}${bad}`]: value },
            }),
          },
        ]),
      ];
      for (const variant of variants) {
        for (const [name, bad] of [
          ['NUL', '\u0000'],
          ['ESC', '\u001b'],
        ] as const) {
          const answer = await send(base, base.request, { inject: false, form: variant.form(bad) });
          sent += 1;
          const problem = verdict(answer, variant.field);
          if (problem !== '') wrong.push(`${id} ${variant.where} ${name}: ${problem}`);
        }
      }
    }
    expect(sent).toBe(12);
    expect(wrong).toEqual([]);
  });

  it('an over-long string anywhere is never a 5xx, and a 400 names the field', async () => {
    const LONG: Readonly<Record<TextLocation['part'], number>> = {
      params: 300,
      query: 3000,
      headers: 300,
      body: 30_000,
    };
    const wrong: string[] = [];
    for (const id of INPUT_IDS) {
      const base = BASES[id](context);
      for (const location of textLocations(base.request)) {
        if (location.key !== undefined) continue;
        const long = { value: () => 'x'.repeat(LONG[location.part]) };
        const changed = withChange(base.request, location, long);
        const answer = await send(base, changed, {
          inject: location.part === 'headers',
          ...(base.form === undefined ? {} : { form: base.form }),
        });
        // Fastify refuses a path parameter over 100 characters before routing: no name to give.
        const problem =
          location.part === 'params'
            ? verdict(answer, 'params')
            : lenientVerdict(answer, fieldOf(location));
        if (problem !== '') wrong.push(`${id} ${describeLocation(location)}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an over-long key of a form-values record is a 400 naming the record, never a 5xx', async () => {
    const base = BASES.payoutSubmit(context);
    const location: TextLocation = { part: 'body', path: ['parameters'], key: 'iban' };
    const changed = withChange(base.request, location, { value: () => 'k'.repeat(5000) });
    const answer = await send(base, changed, { inject: false });
    expect(verdict(answer, 'body.parameters')).toBe('');
  });

  it('free text keeps TAB, LF and CR; ESC or another C0 control is a 400 naming the field', async () => {
    const base = BASES.depositSubmit(context);
    // The cardholder name is the card form's free text (whitespace runs are collapsed).
    const note: TextLocation = { part: 'body', path: ['parameters', 'card_cardholder_name'] };
    const answers: Record<string, number> = {};
    for (const [name, value] of [
      ['tab, newlines', 'JANE\r\nMARIA\tDOE\n'],
      ['ESC', 'red \u001b[31m text'],
      ['BEL', 'ring \u0007'],
      ['DEL', 'rub \u007f out'],
    ] as const) {
      const answer = await send(base, withChange(base.request, note, { value: () => value }), {
        inject: false,
      });
      answers[name] = answer.status;
      if (answer.status === 400) {
        expect(verdict(answer, 'body.parameters.card_cardholder_name')).toBe('');
      }
    }
    expect(answers).toEqual({ 'tab, newlines': 200, ESC: 400, BEL: 400, DEL: 400 });
  });
});
