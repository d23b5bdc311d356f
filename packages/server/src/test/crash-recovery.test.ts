/**
 * The crash test. Two server processes (`src/main.ts`, each with its reconciler) on one
 * fresh PostgreSQL database pay through the HTTP connector with the PSP simulator in its own
 * process, which makes some calls slow, hang or lose their answer. Under a bounded concurrent
 * load of deposits and withdrawals, one process is killed with SIGKILL mid-load and started again
 * on the same port while the other keeps serving; two rounds, each process killed once. Once
 * recovery ran:
 * - no transaction is left `created`, and none is left waiting that the provider settled;
 * - every Idempotency-Key of the load, retried with its request, answers the transaction it
 *   created (never 1011 "retry shortly": every lease has ended) and never makes a second one;
 * - the money invariants hold (money-invariants.ts): per player the ledger sums equal the
 *   balance, nothing is reserved without an open payout, the provider's charges and payouts are
 *   the credited deposits and settled withdrawals, once each.
 *
 * Just after the lease of the requests in flight at the kill has ended, the client retries the
 * keys that made nothing yet (the claim is taken over) and every other one that made a
 * transaction (resumed while the reconcilers of both processes race for it); the reconcilers alone
 * recover the rest.
 *
 * Round 3 runs the same load with the balance in the operator's wallet (`WALLET=operator`,
 * the wallet simulator in its own process, some of whose callbacks hang, fail or lose their
 * answer): once recovery ran, every movement owed to the wallet was applied once, and each
 * player's wallet balance is the opening balance plus the credited deposits minus the paid
 * withdrawals.
 *
 * Real processes on real time: the test waits for recovery with a deadline for giving up and
 * asserts no duration. It needs PostgreSQL (TEST_DATABASE_URL, see harness.ts); without it, it is
 * skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { openDatabase } from '../db/open';
import type { Database } from '../db/open';
import { idempotencyKeys, players, transactions, walletOperations } from '../db/schema';
import { isRecord } from '../platform/is-record';
import {
  APPROVED_CARD_PAN,
  cardDepositBody,
  payGroupId,
  request,
  saveSandboxCard,
  withdrawalSession,
} from './api-calls';
import type { Answer } from './api-calls';
import { createPostgresDatabase, createTestSession, postgresAdminUrl } from './harness';
import { moneyViolations, unresolvedTransactions, walletViolations } from './money-invariants';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';
import { startSimulatorProcess, startWalletSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess, WalletActivity, WalletSimulatorProcess } from '@cashdesk/testkit';

const ADMIN_URL = postgresAdminUrl();

/** Short timings, so that leases end and recovery runs within seconds. */
const TIMINGS = {
  PROVIDER_TIMEOUT_MS: 800,
  PAYMENT_LEASE_MS: 2_500,
  RECONCILE_INTERVAL_MS: 300,
  LOOKUP_GRACE_MS: 4_000,
} as const;

const PLAYERS = 12;
/** Requests in flight at most (the load's concurrency). */
const CONCURRENCY = 24;
/** Give up waiting for recovery after this long (no assertion on how long it took). */
const RECOVERY_DEADLINE_MS = 30_000;
const POLL_MS = 200;

/** The sandbox's card that is processing, then approved (beside APPROVED_CARD_PAN). */
const PROCESSING_CARD = '4000000000000606';

/**
 * Faults taken by the first matching provider calls of the load, whichever process makes them:
 * answers later than the provider time-out, hangs and lost answers, so that some calls are on
 * their way when the process dies and some are left unknown by the process that lives.
 */
const FAULTS = [
  { operation: 'authorizeDeposit', mode: 'delay-after', delayMs: 1_500, times: 3 },
  { operation: 'authorizeDeposit', mode: 'hang-after', times: 1 },
  { operation: 'authorizeDeposit', mode: 'fail-after', times: 1 },
  { operation: 'authorizeDeposit', mode: 'hang-before', times: 1 },
  { operation: 'payout', mode: 'hang-before', times: 2 },
  { operation: 'payout', mode: 'delay-after', delayMs: 600, times: 2 },
  { operation: 'payout', mode: 'fail-after', times: 1 },
] as const;

/**
 * The rounds, on the same database and processes: each kills one process after another number of
 * requests were sent (the first round the first process, the second round the other one, so the
 * process restarted in round 1 is the one that lives through round 2).
 */
const ROUNDS = [
  { victim: 0, killAfterSent: 30, wallet: 'internal' },
  { victim: 1, killAfterSent: 40, wallet: 'internal' },
  { victim: 0, killAfterSent: 35, wallet: 'operator' },
] as const;

/** The opening balance of every player's account in the operator's wallet. */
const WALLET_OPENING = '500';

/** Wallet callbacks that hang, fail or lose their answer during the operator round. */
const WALLET_FAULTS = [
  { operation: 'authorize', mode: 'hang-after', times: 2 },
  { operation: 'authorize', mode: 'fail-before', times: 1 },
  { operation: 'transfer', mode: 'fail-after', times: 2 },
  { operation: 'transfer', mode: 'hang-before', times: 1 },
  { operation: 'cancel', mode: 'fail-before', times: 1 },
] as const;

/** What the rounds share: the simulator, the database and the two server processes. */
interface Rig {
  readonly simulator: SimulatorProcess;
  readonly wallet: WalletSimulatorProcess;
  readonly db: Database;
  /** The environment of the running processes (the operator round changes it). */
  env: Readonly<Record<string, string>>;
  /** The live processes by index; a round replaces the one it killed. */
  readonly servers: [ServerProcess, ServerProcess];
}

let rig: Rig | undefined;
/** Every server process started: all are killed first in afterAll, whatever failed. */
const started: ServerProcess[] = [];
/** Then what beforeAll made, undone last first. */
const cleanups: (() => Promise<void>)[] = [];

async function startServer(env: Readonly<Record<string, string>>, port?: number) {
  const server = await startServerProcess(port === undefined ? { env } : { env, port });
  started.push(server);
  return server;
}

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  const simulator = await startSimulatorProcess();
  cleanups.push(() => simulator.stop());
  const wallet = await startWalletSimulatorProcess({ openingBalance: WALLET_OPENING });
  cleanups.push(() => wallet.stop());
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(database.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    CASHDESK_MODE: 'sandbox',
    CASHDESK_PROVIDER: 'http',
    PROVIDER_URL: simulator.url,
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(Object.entries(TIMINGS).map(([name, ms]) => [name, String(ms)])),
  };
  // Both start at once on the empty database: each migrates and seeds it (sandbox mode).
  const [first, second] = await Promise.all([startServer(env), startServer(env)]);
  const opened = await openDatabase({ url: database.url, poolSize: 4 });
  cleanups.push(() => opened.close());
  rig = { simulator, wallet, db: opened.db, env, servers: [first, second] };
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGKILL')));
  const errors: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => errors.push(error));
  }
  if (errors.length > 0) throw new AggregateError(errors, 'crash test clean-up failed');
});

/** One request of the load, with its own Idempotency-Key. */
interface Planned {
  readonly index: number;
  readonly key: string;
  readonly playerId: string;
  readonly flow: 'deposit' | 'withdrawal';
  readonly path: string;
  readonly sessionId: string;
  readonly body: unknown;
  /** The process it goes to while both live; once one is killed, the other. */
  readonly target: 0 | 1;
}

/** A request as sent, and what came back. */
interface Sent {
  readonly planned: Planned;
  readonly server: 0 | 1;
  /** None when the connection failed (the process died under it). */
  answer: Answer | null;
  inFlightAtKill: boolean;
}

/** The player's test data: sessions of both flows and a saved card the sandbox pays out to. */
interface Player {
  /** The operator's id of the player (its account in the operator's wallet). */
  readonly name: string;
  readonly playerId: string;
  readonly depositSession: string;
  readonly withdrawalSession: string;
  readonly cardId: string;
}

async function send(server: ServerProcess, planned: Planned): Promise<Answer> {
  return request(
    { baseUrl: server.baseUrl },
    'POST',
    planned.path,
    planned.sessionId,
    planned.body,
    {
      'idempotency-key': planned.key,
    },
  );
}

function transactionIdOf(answer: Answer | null): string | undefined {
  if (answer?.status !== 200 || !isRecord(answer.body)) return undefined;
  const id = answer.body.transaction_id;
  return typeof id === 'string' ? id : undefined;
}

function errorCodeOf(answer: Answer | null): unknown {
  return isRecord(answer?.body) ? answer.body.error_code : undefined;
}

async function playerIdOf(db: Database, name: string): Promise<string> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (row === undefined) throw new Error(`no player ${name}`);
  return row.id;
}

async function preparePlayer(server: ServerProcess, db: Database, name: string): Promise<Player> {
  const target = { baseUrl: server.baseUrl, db };
  const depositSession = await createTestSession(target, {
    player: name,
    flow: 'deposit',
    currency: 'EUR',
  });
  const withdrawalSessionId = await withdrawalSession(target, name);
  const playerId = await playerIdOf(db, name);
  return {
    name,
    playerId,
    depositSession,
    withdrawalSession: withdrawalSessionId,
    cardId: await saveSandboxCard({ db }, playerId),
  };
}

/**
 * The load: per player two card deposits (one approved at once, one processing) and two
 * withdrawals to the saved card (one paid at once, one processing: the sandbox's amount rule
 * .15), interleaved across players and alternating between the two processes.
 */
async function planLoad(db: Database, everyone: readonly Player[]): Promise<Planned[]> {
  const depositPath = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId({ db }, 'card', 'deposit')),
  });
  const payoutPath = buildPath(ENDPOINTS.payoutSubmit, {
    payGroupId: String(await payGroupId({ db }, 'card_payout')),
  });
  const deposit = (player: Player, amount: string, card: string) => ({
    flow: 'deposit' as const,
    playerId: player.playerId,
    path: depositPath,
    sessionId: player.depositSession,
    body: cardDepositBody(amount, card),
  });
  const withdrawal = (player: Player, amount: string) => ({
    flow: 'withdrawal' as const,
    playerId: player.playerId,
    path: payoutPath,
    sessionId: player.withdrawalSession,
    body: { amount, currency: 'EUR', card_data: { card_id: player.cardId } },
  });
  const kinds = [
    (player: Player) => deposit(player, '50', APPROVED_CARD_PAN),
    (player: Player) => withdrawal(player, '40'),
    (player: Player) => deposit(player, '30', PROCESSING_CARD),
    (player: Player) => withdrawal(player, '25.15'),
  ];
  return kinds.flatMap((kind, kindIndex) =>
    everyone.map((player, playerIndex) => {
      const index = kindIndex * everyone.length + playerIndex;
      return {
        ...kind(player),
        index,
        key: randomUUID(),
        target: index % 2 === 0 ? (0 as const) : (1 as const),
      };
    }),
  );
}

/**
 * Runs the load with {@link CONCURRENCY} requests in flight at most, and kills the process
 * `victim` (SIGKILL) right after the `killAfterSent`-th request was sent; later requests go to the
 * other process. Resolves once every request was answered or failed and the victim is gone.
 */
async function runLoad(
  plan: readonly Planned[],
  servers: readonly [ServerProcess, ServerProcess],
  victim: 0 | 1,
  killAfterSent: number,
): Promise<{ sent: Sent[]; killedAt: number }> {
  const sent: Sent[] = [];
  const outstanding = new Set<Sent>();
  const survivor = victim === 0 ? 1 : 0;
  let next = 0;
  let dead = false;
  let killedAt = 0;
  let killed: Promise<void> = Promise.resolve();
  const worker = async (): Promise<void> => {
    for (let planned = plan[next]; planned !== undefined; planned = plan[next]) {
      next += 1;
      const serverIndex = dead ? survivor : planned.target;
      const entry: Sent = {
        planned,
        server: serverIndex,
        answer: null,
        inFlightAtKill: false,
      };
      sent.push(entry);
      outstanding.add(entry);
      const answered = send(servers[serverIndex], planned).then(
        (answer) => {
          entry.answer = answer;
        },
        () => undefined,
      );
      if (sent.length === killAfterSent) {
        dead = true;
        killedAt = Date.now();
        for (const open of outstanding) if (open.server === victim) open.inFlightAtKill = true;
        killed = servers[victim].kill('SIGKILL');
      }
      await answered;
      outstanding.delete(entry);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await killed;
  return { sent, killedAt };
}

/** Transactions by status. */
async function statusCounts(db: Database): Promise<Record<string, number>> {
  const rows = await db.select({ status: transactions.status }).from(transactions);
  return tally(rows.map((row) => row.status));
}

/** The transactions not final yet (`created`, `processing`, `await`), described. */
async function openTransactions(db: Database): Promise<string[]> {
  const rows = await db
    .select({
      id: transactions.id,
      flow: transactions.flow,
      status: transactions.status,
      callState: transactions.callState,
      attempts: transactions.callAttempts,
    })
    .from(transactions)
    .where(inArray(transactions.status, ['created', 'processing', 'await']));
  return rows.map(
    (row) =>
      `${row.flow} ${row.id} ${row.status} (call ${row.callState}, ${String(row.attempts)} attempt(s))`,
  );
}

/**
 * Waits until every transaction is final: the reconcilers of both processes resolve what is
 * `created` and settle what waits (the sandbox settles processing payments after 5 s).
 *
 * @throws {Error} naming what is still open at the deadline.
 */
async function waitForRecovery(db: Database, deadline: number): Promise<void> {
  for (;;) {
    const open = await openTransactions(db);
    if (open.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`recovery did not finish, still open:\n${open.join('\n')}`);
    }
    await sleep(POLL_MS);
  }
}

/** The transaction each key of the load is tied to (its claim), for keys that have one. */
async function claimedTransactions(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: idempotencyKeys.key, transactionId: idempotencyKeys.transactionId })
    .from(idempotencyKeys)
    .where(isNotNull(idempotencyKeys.transactionId));
  return new Map(
    rows.flatMap((row) => (row.transactionId === null ? [] : [[row.key, row.transactionId]])),
  );
}

/** Transactions per player. */
async function transactionsPerPlayer(db: Database): Promise<Map<string, number>> {
  const rows = await db.select({ playerId: transactions.playerId }).from(transactions);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.playerId, (counts.get(row.playerId) ?? 0) + 1);
  return counts;
}

/** Sends every request again with its key, a few at a time, alternating between the processes. */
async function retryAll(
  entries: readonly Sent[],
  servers: readonly ServerProcess[],
): Promise<Map<Sent, Answer>> {
  const answers = new Map<Sent, Answer>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let entry = entries[next]; entry !== undefined; entry = entries[next]) {
      next += 1;
      const server = servers[entry.planned.index % servers.length];
      if (server === undefined) throw new Error('no server');
      answers.set(entry, await send(server, entry.planned));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return answers;
}

/** The transactions still `created`: their ids and flows. */
async function createdTransactions(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: transactions.id, flow: transactions.flow })
    .from(transactions)
    .where(eq(transactions.status, 'created'));
  return new Map(rows.map((row) => [row.id, row.flow]));
}

/** How many of each value. */
function tally(values: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/**
 * What is wrong with the answers of the final retries: a 1011, another transaction than the
 * first answer's or the one the key's claim holds, a refusal answered differently.
 */
function retryProblems(
  retried: ReadonlyMap<Sent, Answer>,
  claimed: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = [];
  for (const [entry, answer] of retried) {
    const { key, flow } = entry.planned;
    const first = entry.answer;
    const label = `${flow} key ${key} (first answer ${first === null ? 'none' : String(first.status)})`;
    if (errorCodeOf(answer) === '1011') problems.push(`${label}: 1011 after its lease`);
    const firstId = transactionIdOf(first);
    const retryId = transactionIdOf(answer);
    const claimedId = claimed.get(key);
    if (firstId !== undefined && retryId !== firstId) {
      problems.push(`${label}: answered ${String(retryId)}, first ${firstId}`);
    }
    if (claimedId !== retryId) {
      problems.push(`${label}: answered ${String(retryId)}, its key holds ${String(claimedId)}`);
    }
    // A refusal is stored and answered again as it was (a 5xx is not stored: the retry runs).
    if (
      first !== null &&
      first.status < 500 &&
      firstId === undefined &&
      answer.status !== first.status
    ) {
      problems.push(`${label}: a refusal answered ${String(answer.status)} on retry`);
    }
  }
  return problems;
}

/** Waits until the operator's wallet answered every movement owed to it. */
async function waitForWallet(db: Database, deadline: number): Promise<void> {
  for (;;) {
    const pending = await db
      .select({ id: walletOperations.id, kind: walletOperations.kind })
      .from(walletOperations)
      .where(eq(walletOperations.state, 'pending'));
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`wallet movements still unanswered: ${JSON.stringify(pending)}`);
    }
    await sleep(POLL_MS);
  }
}

/**
 * Each player's balance in the operator's wallet against what the cashier's transactions make it:
 * the opening balance, plus every succeeded deposit's credit (amount after tax, and its bonus),
 * minus every withdrawal the provider paid.
 */
async function walletBalanceProblems(
  db: Database,
  everyone: readonly Player[],
  activity: WalletActivity,
): Promise<string[]> {
  const problems: string[] = [];
  for (const player of everyone) {
    const rows = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.playerId, player.playerId), eq(transactions.status, 'success')));
    let expected = new Big(WALLET_OPENING);
    for (const row of rows) {
      expected =
        row.flow === 'deposit'
          ? expected.plus(row.amount).minus(row.tax).plus(row.bonus)
          : expected.minus(row.amount);
    }
    const account = activity.accounts.find((entry) => entry.player_id === player.name);
    if (account === undefined || !expected.eq(account.balance)) {
      problems.push(
        `${player.name}: wallet ${String(account?.balance)}, transactions make it ${expected.toFixed()}`,
      );
    }
  }
  return problems;
}

describe.runIf(ADMIN_URL !== undefined)(
  'crash recovery, two server processes on PostgreSQL, one killed mid-load (needs TEST_DATABASE_URL: npm run test:postgres)',
  () => {
    for (const [roundIndex, round] of ROUNDS.entries()) {
      const name = `round ${String(roundIndex + 1)}`;
      it(`${name}: process ${String(round.victim + 1)} killed after ${String(round.killAfterSent)} requests sent and restarted; every key answers its one transaction, never 1011, and the money invariants hold`, async ({
        annotate,
      }) => {
        if (rig === undefined) throw new Error('no rig: PostgreSQL missing or beforeAll failed');
        const { simulator, wallet, db, servers } = rig;
        if (round.wallet === 'operator' && rig.env.WALLET !== 'operator') {
          // Both processes start again keeping balances in the operator's wallet.
          rig.env = {
            ...rig.env,
            ...wallet.serverEnv,
            OPERATOR_WALLET_TIMEOUT_MS: String(TIMINGS.PROVIDER_TIMEOUT_MS),
          };
          for (const index of [0, 1] as const) {
            const port = servers[index].port;
            await servers[index].kill('SIGTERM');
            servers[index] = await startServer(rig.env, port);
          }
        }
        const env = rig.env;

        const everyone = await Promise.all(
          Array.from({ length: PLAYERS }, (_unused, index) =>
            preparePlayer(servers[0], db, `crash-${String(roundIndex)}-${String(index)}`),
          ),
        );
        const plan = await planLoad(db, everyone);
        for (const fault of FAULTS) await simulator.fault(fault);
        if (round.wallet === 'operator') {
          for (const fault of WALLET_FAULTS) await wallet.fault(fault);
        }

        // The load, and the kill in the middle of it.
        const { sent, killedAt } = await runLoad(plan, servers, round.victim, round.killAfterSent);
        const inFlight = sent.filter((entry) => entry.inFlightAtKill);
        // Every request the survivor took is answered: what is still `created` now is left to
        // recovery (the dead process's transactions and the survivor's unanswered calls).
        const leftCreated = await createdTransactions(db);
        const victimPort = servers[round.victim].port;
        servers[round.victim] = await startServer(env, victimPort);

        // Once the lease has ended, the client retries what it never got an answer for: every
        // key that made nothing yet, and every other one that made a transaction. The rest is
        // left to the reconcilers. None may be told to retry later (1011).
        await sleep(Math.max(0, killedAt + TIMINGS.PAYMENT_LEASE_MS + 100 - Date.now()));
        const claimedAtLease = await claimedTransactions(db);
        const early = inFlight.filter(
          (entry, index) => !claimedAtLease.has(entry.planned.key) || index % 2 === 1,
        );
        const earlyAnswers = await retryAll(early, servers);
        const earlyBusy = [...earlyAnswers]
          .filter(([, answer]) => errorCodeOf(answer) === '1011')
          .map(([entry]) => `${entry.planned.flow} key ${entry.planned.key}: 1011 after its lease`);

        await waitForRecovery(db, Date.now() + RECOVERY_DEADLINE_MS);
        const claimedBefore = await claimedTransactions(db);
        const earlyKeys = new Set(early.map((entry) => entry.planned.key));
        const recovered = [...claimedBefore].filter(
          ([key, id]) => leftCreated.has(id) && !earlyKeys.has(key),
        ).length;
        const countsBefore = await transactionsPerPlayer(db);

        // Every key again, with its request: its transaction, never a new one, never 1011.
        const retried = await retryAll(sent, servers);
        const problems = [...earlyBusy, ...retryProblems(retried, claimedBefore)];
        const countsAfter = await transactionsPerPlayer(db);
        for (const [player, count] of countsAfter) {
          if (count !== countsBefore.get(player)) {
            problems.push(
              `player ${player}: ${String(countsBefore.get(player) ?? 0)} transactions before the retries, ${String(count)} after`,
            );
          }
        }
        // One key per transaction: no key made two, no transaction lacks its key.
        const claimedAfter = await claimedTransactions(db);
        const total = [...countsAfter.values()].reduce((sum, count) => sum + count, 0);
        const tied = new Set(claimedAfter.values()).size;
        if (tied !== total || claimedAfter.size !== total) {
          problems.push(
            `${String(total)} transactions, ${String(claimedAfter.size)} keys tied to ${String(tied)} of them`,
          );
        }

        await waitForRecovery(db, Date.now() + RECOVERY_DEADLINE_MS);
        const summary = {
          requests: sent.length,
          inFlightAtKill: tally(inFlight.map((entry) => entry.planned.flow)),
          leftCreated: tally(leftCreated.values()),
          recoveredByReconciler: recovered,
          retriedAfterLease: early.length,
          retried: retried.size,
          busyAfterLease: problems.filter((line) => line.includes('1011')).length,
          statuses: await statusCounts(db),
        };
        await annotate(`crash ${name}: ${JSON.stringify(summary)}`);
        const context = `${name} ${JSON.stringify(summary)}`;
        expect(problems, context).toEqual([]);
        expect(await unresolvedTransactions(db), context).toEqual([]);
        expect(await moneyViolations(db, await simulator.activity(new Date())), context).toEqual(
          [],
        );
        // The kill did find requests of the killed process on their way.
        expect(inFlight.length, context).toBeGreaterThan(0);
        if (round.wallet === 'operator') {
          await waitForWallet(db, Date.now() + RECOVERY_DEADLINE_MS);
          const activity = await wallet.activity();
          // Only this round used the wallet: its record is this round's.
          const mine = activity.operations;
          await annotate(
            `crash ${name} wallet: ${JSON.stringify({
              movements: tally(mine.map((entry) => entry.kind)),
              repeated: mine.filter((entry) => entry.calls > 1).length,
              badSignatures: activity.badSignatures,
            })}`,
          );
          expect(await walletViolations(db, activity), context).toEqual([]);
          expect(await walletBalanceProblems(db, everyone, activity), context).toEqual([]);
        }
      }, 60_000);
    }
  },
);
