/**
 * Configuration writes when the server process dies. The server runs as its own
 * process on PostgreSQL; a load of pay group replacements and settings changes is sent at once,
 * and the process is killed (SIGKILL) as soon as a few have been answered, with the rest in
 * flight. After a restart on the same database: every write that was answered is there; the pay
 * group is exactly one of the documents sent (never a mix of two, never without its currencies);
 * the configuration version moved once per committed write, and each committed write is in the
 * audit trail exactly once. Needs PostgreSQL (TEST_DATABASE_URL: npm run test:postgres).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { AuditPage, BrandSettings, PayGroupConfig } from '@cashdesk/contract';
import { createPostgresDatabase, postgresAdminUrl } from './harness';
import { OPERATOR_ENV, createOperatorBrand, operatorCall } from './operator-calls';
import type { OperatorAnswer } from './operator-calls';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();

/** Writes sent at once, and how many answers are awaited before the kill. */
const WRITES = 40;
const KILL_AFTER_ANSWERS = 6;

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGKILL')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(env: Readonly<Record<string, string>>, port?: number) {
  const server = await startServerProcess(port === undefined ? { env } : { env, port });
  started.push(server);
  return server;
}

/** Pay group document `index`: its name and every currency's minimum carry the index. */
function documentOf(index: number) {
  const codes = ['EUR', 'JPY', 'KWD'].slice(0, (index % 3) + 1);
  return {
    public_name: `Card ${String(index)}`,
    public_names: { de: `Karte ${String(index)}` },
    provider_kind: 'card',
    pay_method_type: 'cards',
    arrangement: index,
    currencies: codes.map((currency) => ({
      currency,
      min_amount: String(index + 1),
      amount_blocks: [String(index + 1)],
    })),
  };
}

describe.runIf(ADMIN_URL !== undefined)(
  'configuration writes across a killed server process (needs TEST_DATABASE_URL)',
  () => {
    it(`kills the server after ${String(KILL_AFTER_ANSWERS)} of ${String(WRITES)} concurrent writes were answered; nothing is half-written or lost`, async () => {
      if (ADMIN_URL === undefined) throw new Error('no PostgreSQL');
      const database = await createPostgresDatabase(ADMIN_URL);
      cleanups.push(database.drop);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-config-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = {
        ...OPERATOR_ENV,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        CASHDESK_MODE: 'sandbox',
        LOG_LEVEL: 'warn',
      };
      const server = await startServer(env);
      const brand = await createOperatorBrand(server);
      const first = await operatorCall(server, 'PUT', '/pay-groups/deposit/card', brand.key, {
        body: documentOf(0),
      });
      expect(first.status).toBe(200);
      const startVersion = BrandSettings.parse(
        (await operatorCall(server, 'GET', '/settings', brand.key)).body,
      ).config_version;

      let answered = 0;
      let killing: Promise<void> | undefined;
      const sent = Array.from({ length: WRITES }, (_, n) => {
        const index = n + 1;
        const call =
          index % 4 === 0
            ? operatorCall(server, 'PATCH', '/settings', brand.key, {
                body: { support_url: `https://support.example/${String(index)}` },
              })
            : operatorCall(server, 'PUT', '/pay-groups/deposit/card', brand.key, {
                body: documentOf(index),
              });
        return call.then(
          (answer: OperatorAnswer) => {
            answered += 1;
            if (answered === KILL_AFTER_ANSWERS) killing = server.kill('SIGKILL');
            return { index, answer };
          },
          () => ({ index, answer: null }),
        );
      });
      const results = await Promise.all(sent);
      await killing;
      const confirmed = results.filter((result) => result.answer?.status === 200);
      const lost = results.filter((result) => result.answer === null);
      expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
      expect(lost.length).toBeGreaterThan(0);
      expect(
        results.filter((result) => result.answer !== null && result.answer.status !== 200),
      ).toEqual([]);

      const restarted = await startServer(env, server.port);
      const settings = BrandSettings.parse(
        (await operatorCall(restarted, 'GET', '/settings', brand.key)).body,
      );
      const audit = AuditPage.parse(
        (await operatorCall(restarted, 'GET', '/audit?kind=change&limit=200', brand.key)).body,
      );
      const writes = audit.entries.filter(
        (entry) =>
          entry.action === 'operatorPayGroupPut' || entry.action === 'operatorSettingsUpdate',
      );
      // The first PUT is in the trail too; every later committed write moved the version once.
      expect(settings.config_version - startVersion).toBe(writes.length - 1);
      // Every answered write committed, and is in the trail once.
      for (const { answer } of confirmed) {
        const entries = writes.filter((entry) => isDeepStrictEqual(entry.after, answer?.body));
        expect(entries).toHaveLength(1);
      }
      // The pay group is one whole document: the latest pay group write of the trail.
      const stored = PayGroupConfig.parse(
        (await operatorCall(restarted, 'GET', '/pay-groups/deposit/card', brand.key)).body,
      );
      const index = Number(stored.public_name.replace('Card ', ''));
      const sentDocument = documentOf(index);
      expect(stored.public_names).toEqual(sentDocument.public_names);
      expect(stored.arrangement).toBe(index);
      expect(
        stored.currencies.map((entry) => [entry.currency, entry.min_amount, entry.amount_blocks]),
      ).toEqual(
        sentDocument.currencies.map((entry) => [
          entry.currency,
          entry.min_amount,
          entry.amount_blocks,
        ]),
      );
      const latestGroupWrite = writes.find((entry) => entry.action === 'operatorPayGroupPut');
      expect(latestGroupWrite?.after).toEqual(stored);
    }, 120_000);
  },
);
