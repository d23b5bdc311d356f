/**
 * `npm run bench:serializer`: the cost of writing the deposit init answer of the seeded demo brand
 * (brand0, player demo, EUR) with zod's encoding (`safeEncode` + `JSON.stringify`, how the server
 * wrote answers before the fast serializer) against the compiled serializer
 * (http/fast-serializer.ts) alone (RESPONSE_VALIDATION=off) and behind zod's check (`zod`), all
 * in the same run; and, to show why
 * unions with null are lowered to `nullable`, fast-json-stringify given zod's JSON Schema as it is
 * (`anyOf` resolved by a validator per value); and the compiled serializer given the answer as the
 * server holds it, its brand-level parts written once (http/written-once.ts: the pay groups and
 * init's brand objects, spliced in from text kept per object). Each write is followed by the
 * answer's byte length, as Fastify measures it before sending (which walks a string built piece by
 * piece). Prints figures only, min/median/max of the rounds.
 *
 * Environment: BENCH_ROUNDS (default 5), BENCH_ITERATIONS (default 2000 writes per round).
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { AnySchema } from 'fast-json-stringify';
import { parse, safeEncode, toJSONSchema } from 'zod/v4/core';
import type { output } from 'zod/v4/core';
import { DepositInitResponse, ENDPOINTS } from '../packages/contract/src/index';
import { createApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/open';
import { seedDatabase } from '../packages/server/src/db/seed';
import { compileResponse } from '../packages/server/src/http/fast-serializer';
import { isRecord } from '../packages/server/src/platform/is-record';
import { createLogger } from '../packages/server/src/http/logger';
import { frozenPartsWrittenOnce } from '../packages/server/src/http/written-once';
import { depositCashierResponse, createSession } from '../packages/server/src/modules/cashier';
import { resolveSession } from '../packages/server/src/http/sessions';
const rounds = Number(process.env.BENCH_ROUNDS ?? '5');
const iterations = Number(process.env.BENCH_ITERATIONS ?? '2000');

/**
 * The init answer of the seeded demo player: as the server sends it, and as the server holds it
 * before writing it (modules/cashier/init-answer.ts, its shared parts written once, as the cashier
 * route has them: modules/cashier/routes/cashier.ts).
 */
async function demoInitAnswer(): Promise<{
  readonly sent: output<typeof DepositInitResponse>;
  readonly held: Awaited<ReturnType<typeof depositCashierResponse>>;
}> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const database = await openDatabase({ inMemory: true });
  await seedDatabase(database.db);
  const app = await createApp({
    db: database.db,
    config,
    logger: createLogger({ level: 'silent' }),
  });
  const session = await createSession(
    database.db,
    { lifetimeMs: config.sessionLifetimeMs, widgetUrl: config.widgetUrl },
    { player: 'demo', flow: 'deposit', currency: 'EUR', language: 'en', brand: 'brand0' },
  );
  const reply = await app.inject({
    method: 'GET',
    url: ENDPOINTS.depositInit.path,
    headers: { 'x-session-id': session.session_id },
  });
  if (reply.statusCode !== 200) throw new Error(`init answered ${String(reply.statusCode)}`);
  const sent = parse(DepositInitResponse, reply.json());
  const now = new Date();
  const context = await resolveSession(
    database.db,
    { lifetimeMs: config.sessionLifetimeMs },
    session.session_id,
    now,
  );
  const held = frozenPartsWrittenOnce(
    await depositCashierResponse(database.db, context, now, app.cashdesk.wallet, sent.auth_token),
  );
  await app.close();
  await database.close();
  return { sent, held };
}

/** Microseconds per write (and its byte length), one round. */
function round(write: () => string): number {
  const started = performance.now();
  for (let index = 0; index < iterations; index += 1) Buffer.byteLength(write());
  return ((performance.now() - started) * 1000) / iterations;
}

function summary(values: readonly number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? Number.NaN,
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** A JSON Schema object, as fast-json-stringify's types name it. */
function isSchemaObject(value: unknown): value is AnySchema {
  return isRecord(value);
}

/** zod's JSON Schema as it is, its `$schema` removed (the validator knows draft 7's only). */
function unloweredWriter(): ((value: unknown) => string) | string {
  const json: unknown = toJSONSchema(DepositInitResponse, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  if (!isRecord(json)) return 'not an object schema';
  const schema = Object.fromEntries(Object.entries(json).filter(([key]) => key !== '$schema'));
  if (!isSchemaObject(schema)) return 'not an object schema';
  try {
    const write: (value: unknown) => string = fastJson(schema);
    return write;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const { sent: answer, held } = await demoInitAnswer();
const compiled = compileResponse(DepositInitResponse);
if ('refused' in compiled) throw new Error(`the init answer is refused: ${compiled.refused}`);
const fast = compiled.stringify;
const zodWrite = (): string => JSON.stringify(safeEncode(DepositInitResponse, answer).data);
const writers: Record<string, () => string> = {
  zod: zodWrite,
  fast: () => fast(answer),
  'zod check + fast': () => fast(safeEncode(DepositInitResponse, answer).data),
};
writers['fast, parts written once'] = () => fast(held);
const unlowered = unloweredWriter();
if (typeof unlowered !== 'string') writers['fast, anyOf as written'] = () => unlowered(answer);

const expected: unknown = JSON.parse(zodWrite());
console.log(`deposit init answer of brand0/demo/EUR: ${String(zodWrite().length)} bytes`);
for (const [name, write] of Object.entries(writers)) {
  const equal = isDeepStrictEqual(JSON.parse(write()), expected);
  console.log(`${name.padEnd(24)} writes the same JSON value as zod: ${String(equal)}`);
}
if (typeof unlowered === 'string')
  console.log(`fast, anyOf as written: not compiled (${unlowered})`);

// Warm-up, then the rounds interleaved so that every writer sees the same machine load.
for (const write of Object.values(writers)) round(write);
const times: Record<string, number[]> = {};
const ratios: Record<string, number[]> = {};
for (let index = 0; index < rounds; index += 1) {
  const zodTime = round(zodWrite);
  for (const [name, write] of Object.entries(writers)) {
    const time = name === 'zod' ? zodTime : round(write);
    (times[name] ??= []).push(time);
    (ratios[name] ??= []).push(zodTime / time);
  }
}
console.log(
  `${String(rounds)} rounds of ${String(iterations)} writes; µs per write and zod ÷ writer (min / median / max)`,
);
for (const name of Object.keys(writers)) {
  const time = summary(times[name] ?? []);
  const ratio = summary(ratios[name] ?? []);
  console.log(
    `${name.padEnd(24)} ${time.min.toFixed(1)} / ${time.median.toFixed(1)} / ${time.max.toFixed(1)} µs   ×${ratio.min.toFixed(2)} / ×${ratio.median.toFixed(2)} / ×${ratio.max.toFixed(2)}`,
  );
}
