/**
 * The wallet boundary: where the player's money is kept, seen from the payment
 * pipeline. Two wallets:
 *
 * - **internal** (the default): the cashier's own ledger (modules/wallet/ledger.ts) is the balance
 *   of record; money moves in the same database transaction as the status change.
 * - **operator**: the operator's platform keeps the balance (its sportsbook and casino spend from
 *   it) and Cashdesk moves money there over signed HTTP callbacks (./protocol.ts). A payout's
 *   amount is authorized by the wallet before the provider is asked to pay; what the cashier owes
 *   the wallet afterwards (a deposit's credit, a payout's commit or return, a refund taken back) is
 *   queued with the status change and sent until answered (./wallet-operations.ts). The cashier
 *   reads the balance from the wallet (verify) and keeps no copy of it.
 *
 * Each transaction keeps the wallet it was created with; {@link WalletService.kind} is the wallet
 * of new ones (configuration `WALLET`).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/open';
import { players, transactions, walletOperations } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { getBalance } from './ledger';
import type { Balance } from './ledger';
import { OperatorWalletClient } from './operator-wallet';
import type { WalletConfig } from '../../config';
import {
  findWalletOperation,
  sendDueWalletOperations,
  sendWalletOperation,
} from './wallet-operations';
import type {
  WalletLog,
  WalletOperationKind,
  WalletOperationRow,
  WalletSender,
} from './wallet-operations';

/** Which wallet keeps the money. */
export type WalletKind = 'internal' | 'operator';

/** What the wallet answered to a payout's authorize (`reason`: the protocol's refusal). */
export type ReserveAnswer =
  | { readonly outcome: 'reserved' }
  | { readonly outcome: 'refused'; readonly reason: string }
  | {
      readonly outcome: 'unanswered';
      /** When the authorize was first queued: how long the wallet has been silent. */
      readonly since: Date;
    };

/** The refusal recorded in an answered reserve. */
function refusalOf(answer: Record<string, unknown> | null): string {
  const reason = answer?.reason;
  return typeof reason === 'string' ? reason : 'refused';
}

/** The wallet, as the pipeline and the routes use it (see the module comment). */
export interface WalletService {
  /** The wallet of transactions created from now on. */
  readonly kind: WalletKind;
  /**
   * The player's balance: spendable, and reserved by open payouts.
   *
   * @throws {ApiError} walletUnavailable when the operator's wallet does not answer.
   */
  balance(db: Executor, playerId: string, currency: string): Promise<Balance>;
  /**
   * Before a payout goes to the provider: its amount must be taken off the balance. Internal
   * payouts reserved it when they were created; an operator payout's authorize is sent (again,
   * with the same operation id) until the wallet answers.
   */
  reservePayout(transaction: {
    readonly id: string;
    readonly wallet: WalletKind;
  }): Promise<ReserveAnswer>;
  /**
   * Before a payment's answer: sends what the transaction owes the wallet now, once each, unless
   * its back-off runs (a send of this process already in flight is waited for). Bounded by the
   * wallet's time-out; never throws: what stays unanswered is the worker's to send.
   */
  settle(transactionId: string): Promise<void>;
  /**
   * Whether the transaction owes the operator's wallet a movement it has not answered yet (never
   * one kept in the cashier's ledger, which moves with the status change).
   */
  owes(
    db: Executor,
    transaction: { readonly id: string; readonly wallet: WalletKind },
  ): Promise<boolean>;
  /**
   * The balance to show with a transaction: the wallet of record's answer once every movement
   * the transaction owes it was answered ({@link settle} first); `null` while one is not, or
   * when the operator's wallet does not answer, so that no figure is shown the wallet did not
   * give (a credit still queued is not in the balance it tells).
   */
  balanceAfter(
    db: Executor,
    transaction: {
      readonly id: string;
      readonly wallet: WalletKind;
      readonly playerId: string;
      readonly currency: string;
    },
  ): Promise<Balance | null>;
  /** Sends the queued movements that are due (the reconciler's pass). Returns how many answered. */
  sendDue(): Promise<number>;
  /** Starts sending what a status change just queued, without making its caller wait. */
  kick(): void;
  /** Resolves when the sends started by {@link kick} are over (tests and shutdown). */
  idle(): Promise<void>;
}

/** What {@link createWalletService} needs. */
export interface WalletServiceOptions {
  readonly db: Database;
  readonly config: WalletConfig;
  readonly clock: () => Date;
  /** How long one sender holds an operation. */
  readonly leaseMs: number;
  readonly log?: WalletLog | undefined;
  /** Counts every answer or failure of the wallet, by operation kind. */
  readonly observe?: ((kind: WalletOperationKind, outcome: string) => void) | undefined;
}

/** Open statuses: a payout in one of them still holds its amount. */
const OPEN: readonly (typeof transactions.$inferSelect)['status'][] = [
  'created',
  'processing',
  'await',
];

/** What open operator payouts of a player hold: authorized (or asked to be) and not refused. */
async function heldByOpenPayouts(db: Executor, playerId: string, currency: string) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${transactions.amount})` })
    .from(transactions)
    .innerJoin(
      walletOperations,
      and(
        eq(walletOperations.transactionId, transactions.id),
        eq(walletOperations.kind, 'reserve'),
      ),
    )
    .where(
      and(
        eq(transactions.playerId, playerId),
        eq(transactions.currency, currency),
        eq(transactions.flow, 'withdrawal'),
        eq(transactions.wallet, 'operator'),
        inArray(transactions.status, [...OPEN]),
        eq(walletOperations.state, 'done'),
      ),
    );
  return new Big(row?.total ?? '0').toFixed();
}

/** Builds the wallet the configuration names. */
export function createWalletService(options: WalletServiceOptions): WalletService {
  const client =
    options.config.kind === 'operator' ? new OperatorWalletClient(options.config) : null;
  // This process's sends in flight, by operation id (what settle() waits for).
  const sending = new Map<string, Promise<WalletOperationRow | null>>();
  const sender: WalletSender | null =
    client === null
      ? null
      : {
          db: options.db,
          client,
          clock: options.clock,
          leaseMs: options.leaseMs,
          log: options.log,
          observe: options.observe,
          inFlight: sending,
        };
  let inFlight: Promise<unknown> = Promise.resolve();
  // kick() counts its calls; a drain goes round again while kicks came in during its pass.
  const drains = { running: false, kicks: 0 };

  const drain = async (): Promise<void> => {
    if (sender === null) return;
    drains.running = true;
    try {
      let seen: number;
      do {
        seen = drains.kicks;
        await sendDueWalletOperations(sender);
      } while (drains.kicks !== seen);
    } finally {
      drains.running = false;
    }
  };

  const settle = async (transactionId: string): Promise<void> => {
    if (sender === null) return;
    try {
      const now = options.clock();
      const owed = await options.db
        .select({ id: walletOperations.id, nextAttemptAt: walletOperations.nextAttemptAt })
        .from(walletOperations)
        .where(
          and(
            eq(walletOperations.transactionId, transactionId),
            eq(walletOperations.state, 'pending'),
            ne(walletOperations.kind, 'reserve'),
          ),
        );
      await Promise.all(
        owed.map(async (op) => {
          const running = sending.get(op.id);
          if (running !== undefined) {
            await running;
            return;
          }
          // Failed a moment ago: the worker sends it after its back-off, the answer does not wait.
          if (op.nextAttemptAt === null || op.nextAttemptAt > now) return;
          await sendWalletOperation(sender, op.id);
          // A drain of this process took it meanwhile: its send is the one to wait for.
          await sending.get(op.id);
        }),
      );
    } catch (error) {
      options.log?.warn(
        {
          transaction_id: transactionId,
          error: error instanceof Error ? error.name : typeof error,
        },
        'sending what a payment owes the wallet failed: the reconciler tries again',
      );
    }
  };

  const owes = async (
    db: Executor,
    transaction: { readonly id: string; readonly wallet: WalletKind },
  ): Promise<boolean> => {
    if (transaction.wallet === 'internal') return false;
    const [row] = await db
      .select({ id: walletOperations.id })
      .from(walletOperations)
      .where(
        and(
          eq(walletOperations.transactionId, transaction.id),
          eq(walletOperations.state, 'pending'),
        ),
      )
      .limit(1);
    return row !== undefined;
  };

  const balance = async (db: Executor, playerId: string, currency: string): Promise<Balance> => {
    if (client === null) return getBalance(db, playerId, currency);
    const [player] = await db
      .select({ externalId: players.externalId, brandId: players.brandId })
      .from(players)
      .where(eq(players.id, playerId));
    if (player === undefined) throw new ApiError('notFound', { detail: 'player vanished' });
    try {
      const answer = await client.verify({
        player_id: player.externalId,
        brand: player.brandId,
        currency,
      });
      return {
        currency,
        balance: new Big(answer.balance).toFixed(),
        reserved: await heldByOpenPayouts(db, playerId, currency),
      };
    } catch (error) {
      options.log?.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'operator wallet did not tell the balance',
      );
      throw new ApiError('walletUnavailable', { detail: 'the operator wallet did not answer' });
    }
  };

  return {
    kind: options.config.kind,
    balance,
    settle,
    owes,

    async balanceAfter(db, transaction) {
      if (transaction.wallet === 'operator') {
        await settle(transaction.id);
        if (await owes(db, transaction)) return null;
      }
      try {
        return await balance(db, transaction.playerId, transaction.currency);
      } catch (error) {
        if (error instanceof ApiError && error.errorName === 'walletUnavailable') return null;
        throw error;
      }
    },

    async reservePayout(transaction) {
      if (transaction.wallet === 'internal') return { outcome: 'reserved' };
      let op = await findWalletOperation(options.db, transaction.id, 'reserve');
      if (op === undefined) throw new Error(`payout ${transaction.id} has no wallet reserve`);
      if (op.state === 'pending') {
        if (sender === null) {
          options.log?.warn(
            { transaction_id: transaction.id },
            'an operator wallet payout waits, but no operator wallet is configured',
          );
          return { outcome: 'unanswered', since: op.createdAt };
        }
        // Another sender holding it answers null: what it learnt is read back.
        op =
          (await sendWalletOperation(sender, op.id)) ??
          (await findWalletOperation(options.db, transaction.id, 'reserve')) ??
          op;
      }
      switch (op.state) {
        case 'done':
          return { outcome: 'reserved' };
        case 'refused':
          return { outcome: 'refused', reason: refusalOf(op.answer) };
        case 'pending':
          return { outcome: 'unanswered', since: op.createdAt };
        case 'abandoned':
          // The payout failed meanwhile; its cancel stands for this authorize.
          return { outcome: 'refused', reason: 'cancelled' };
      }
    },

    async sendDue() {
      return sender === null ? 0 : sendDueWalletOperations(sender);
    },

    kick() {
      if (sender === null) return;
      drains.kicks += 1;
      if (drains.running) return;
      inFlight = drain().catch((error: unknown) => {
        options.log?.warn(
          { error: error instanceof Error ? error.name : typeof error },
          'sending wallet operations failed: the reconciler tries again',
        );
      });
    },

    async idle() {
      await inFlight;
    },
  };
}

declare module '../../http/app-types' {
  interface AppDeps {
    /** Where the players' money is kept: the cashier's ledger or the operator's wallet. */
    readonly wallet: WalletService;
  }
}
