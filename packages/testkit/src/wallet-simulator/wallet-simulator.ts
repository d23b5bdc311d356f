/**
 * The operator wallet simulator: an operator's player wallet behind the operator wallet protocol
 * (modules/wallet/protocol.ts), as a Fastify app of its own. Run it as its own process
 * (`./main.ts`) beside the cashier server (`WALLET=operator`) for a demo, or in tests, where it
 * stands for the operator's platform: it keeps each player's balance, applies every operation id
 * once, refuses an authorize after a cancel of the same transaction, and can be told to fail,
 * hang or lose answers so that a test can count what moved.
 *
 * Its state is in memory: it stands for one outside system every server process reaches over
 * HTTP. **Test control** (routes under `/__control/`, tests and demos only): set an account's
 * balance or block it, queue faults, read the accounts and the operations, reset.
 *
 * @packageDocumentation
 */
import { setTimeout as delay } from 'node:timers/promises';
import Big from 'big.js';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { Currency, Decimal } from '@cashdesk/contract';
import {
  AuthorizeRequest,
  CancelRequest,
  MovementAnswer,
  TransferRequest,
  VerifyRequest,
  WALLET_ROUTES,
  WALLET_ROUTE_NAMES,
  WalletBalance,
  verifySignature,
} from '@cashdesk/server/protocols';
import type { SigningKey, WalletRoute } from '@cashdesk/server/protocols';
import { FaultQueue } from '../psp-simulator/control';

/** The control routes. */
export const WALLET_CONTROL_PATHS = {
  /** `POST`, body {@link AccountInput}: opens or sets an account. */
  accounts: '/__control/accounts',
  /** `POST`, body {@link WalletFault}: queues a fault. */
  faults: '/__control/faults',
  /** `POST`: drops every queued fault (the wallet is back), keeping accounts and operations. */
  clearFaults: '/__control/faults/clear',
  /** `GET` → {@link WalletActivity}. */
  activity: '/__control/activity',
  /** `POST`: forgets every account, operation and fault. */
  reset: '/__control/reset',
} as const;

/**
 * What a fault does to the next call of its route:
 * - `fail-before`: `500`, nothing applied; `fail-after`: applied, then `500` (the answer is lost);
 * - `hang-before` / `hang-after`: no answer until the caller gives up, before or after applying;
 * - `refuse`: the connection is closed before anything is read or applied (the caller sees a
 *   network error: its outcome is unknown to it);
 * - `duplicate`: the request is applied twice in a row (a network retry); the first answer is sent;
 * - `slow`: the request waits `delay_ms`, then is applied and answered (a wallet slower than the
 *   caller's time-out applies what the caller gave up on).
 */
export const WALLET_FAULT_MODES = [
  'fail-before',
  'fail-after',
  'hang-before',
  'hang-after',
  'refuse',
  'duplicate',
  'slow',
] as const;

/** The body of `POST /__control/faults`. */
export const WalletFault = z.object({
  operation: z.enum(['verify', 'authorize', 'transfer', 'cancel', 'any']),
  mode: z.enum(WALLET_FAULT_MODES),
  times: z.int().min(1).max(10_000).default(1),
  /** How long a `slow` request waits before it is applied. */
  delay_ms: z.int().min(0).max(60_000).default(0),
});
/** A fault as a test writes it. */
export type WalletFaultInput = z.input<typeof WalletFault>;

/** The body of `POST /__control/accounts`. */
export const AccountInput = z.object({
  brand: z.string().min(1),
  player_id: z.string().min(1),
  currency: Currency,
  balance: Decimal,
  blocked: z.boolean().default(false),
});
/** An account as a test writes it. */
export type AccountInputData = z.input<typeof AccountInput>;

/** One operation id the wallet received, with how often and what it answered first. */
export const OperationRecord = z.object({
  operation_id: z.string(),
  route: z.enum(['authorize', 'transfer', 'cancel']),
  transaction_id: z.string(),
  kind: z.string(),
  amount: Decimal,
  /** How many requests carried it (a repeat is answered, never applied again). */
  calls: z.int(),
  answer: z.record(z.string(), z.unknown()),
});

/** The answer of `GET /__control/activity`. */
export const WalletActivity = z.object({
  accounts: z.array(
    z.object({
      brand: z.string(),
      player_id: z.string(),
      currency: z.string(),
      /** May be below zero after a reversal of a deposit the player had spent. */
      balance: WalletBalance,
      blocked: z.boolean(),
    }),
  ),
  operations: z.array(OperationRecord),
  /** Requests refused for their signature. */
  badSignatures: z.int(),
});
/** {@link WalletActivity}. */
export type WalletActivity = z.output<typeof WalletActivity>;

/** Options of {@link createWalletSimulator}. */
export interface WalletSimulatorOptions {
  /** The keys requests must be signed with (any of them). */
  readonly keys: readonly SigningKey[];
  /**
   * The balance an unknown player's account opens with on its first call; `undefined`: an unknown
   * player is `404` on verify and refused on a movement (tests open accounts explicitly).
   */
  readonly openingBalance?: string | undefined;
  /** The clock of signature checks. Default the system clock. */
  readonly clock?: (() => Date) | undefined;
}

interface Account {
  brand: string;
  playerId: string;
  currency: string;
  balance: Big;
  blocked: boolean;
}

interface Authorization {
  readonly amount: Big;
  readonly account: Account;
  state: 'authorized' | 'committed' | 'cancelled';
}

type Movement = z.infer<typeof CancelRequest>;

/** Builds the simulator app (not listening). */
export function createWalletSimulator(options: WalletSimulatorOptions): FastifyInstance {
  const clock = options.clock ?? (() => new Date());
  const accounts = new Map<string, Account>();
  const operations = new Map<string, z.infer<typeof OperationRecord>>();
  const authorizations = new Map<string, Authorization>();
  /** Transactions cancelled before (or without) an authorize: a late authorize is refused. */
  const cancelled = new Set<string>();
  const faults = new FaultQueue<z.output<typeof WalletFault>>();
  const counts = { badSignatures: 0 };

  // A hanging request must not hold close() open.
  const app = Fastify({ logger: false, bodyLimit: 65_536, forceCloseConnections: true });
  // The raw body is what was signed: parse JSON only after checking the signature.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  const keyOf = (brand: string, playerId: string, currency: string) =>
    `${brand}\u0000${playerId}\u0000${currency}`;

  function account(brand: string, playerId: string, currency: string): Account | undefined {
    const key = keyOf(brand, playerId, currency);
    const found = accounts.get(key);
    if (found !== undefined || options.openingBalance === undefined) return found;
    const opened: Account = {
      brand,
      playerId,
      currency,
      balance: new Big(options.openingBalance),
      blocked: false,
    };
    accounts.set(key, opened);
    return opened;
  }

  const ok = (target: Account): MovementAnswer => ({
    status: 'ok',
    balance: target.balance.toFixed(),
  });
  const refused = (reason: string, target?: Account): MovementAnswer => ({
    status: 'refused',
    reason,
    ...(target === undefined ? {} : { balance: target.balance.toFixed() }),
  });

  function authorize(request: z.infer<typeof AuthorizeRequest>): MovementAnswer {
    const target = account(request.brand, request.player_id, request.currency);
    if (target === undefined) return refused('unknown_player');
    if (cancelled.has(request.transaction_id)) return refused('cancelled', target);
    if (target.blocked) return refused('player_blocked', target);
    const amount = new Big(request.amount);
    if (target.balance.lt(amount)) return refused('insufficient_funds', target);
    target.balance = target.balance.minus(amount);
    authorizations.set(request.transaction_id, { amount, account: target, state: 'authorized' });
    return ok(target);
  }

  function transfer(request: z.infer<typeof TransferRequest>): MovementAnswer {
    const target = account(request.brand, request.player_id, request.currency);
    if (target === undefined) return refused('unknown_player');
    switch (request.kind) {
      case 'deposit':
        target.balance = target.balance.plus(request.amount).plus(request.bonus);
        return ok(target);
      case 'reversal':
        target.balance = target.balance.minus(request.amount);
        return ok(target);
      case 'withdrawal': {
        const held = authorizations.get(request.transaction_id);
        if (held?.state !== 'authorized') return refused('refused', target);
        held.state = 'committed';
        return ok(target);
      }
    }
  }

  function cancel(request: Movement): MovementAnswer {
    const held = authorizations.get(request.transaction_id);
    if (held === undefined) {
      cancelled.add(request.transaction_id);
      const target = account(request.brand, request.player_id, request.currency);
      return target === undefined ? { status: 'ok' } : ok(target);
    }
    if (held.state === 'committed') return refused('refused', held.account);
    if (held.state === 'authorized') {
      held.account.balance = held.account.balance.plus(held.amount);
      held.state = 'cancelled';
    }
    cancelled.add(request.transaction_id);
    return ok(held.account);
  }

  /** Applies a movement once per operation id: a repeat answers the first answer. */
  function once(
    route: Exclude<WalletRoute, 'verify'>,
    request: Movement & { readonly kind?: string },
    apply: () => MovementAnswer,
  ): MovementAnswer {
    const known = operations.get(request.operation_id);
    if (known !== undefined) {
      known.calls += 1;
      return MovementAnswer.parse(known.answer);
    }
    const answer = apply();
    operations.set(request.operation_id, {
      operation_id: request.operation_id,
      route,
      transaction_id: request.transaction_id,
      kind: request.kind ?? route,
      amount: request.amount,
      calls: 1,
      answer,
    });
    return answer;
  }

  const handlers: Record<WalletRoute, (body: unknown) => { status: number; body: unknown }> = {
    verify: (body) => {
      const request = VerifyRequest.parse(body);
      const target = account(request.brand, request.player_id, request.currency);
      if (target === undefined) {
        return { status: 404, body: errorBody('unknown_player', 'no such player') };
      }
      return {
        status: 200,
        body: {
          player_id: request.player_id,
          currency: request.currency,
          balance: target.balance.toFixed(),
          blocked: target.blocked,
        },
      };
    },
    authorize: (body) => {
      const request = AuthorizeRequest.parse(body);
      return { status: 200, body: once('authorize', request, () => authorize(request)) };
    },
    transfer: (body) => {
      const request = TransferRequest.parse(body);
      return { status: 200, body: once('transfer', request, () => transfer(request)) };
    },
    cancel: (body) => {
      const request = CancelRequest.parse(body);
      return { status: 200, body: once('cancel', request, () => cancel(request)) };
    },
  };

  for (const route of WALLET_ROUTE_NAMES) {
    app.post(WALLET_ROUTES[route], async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['cashdesk-signature'];
      const check = verifySignature({
        header: typeof header === 'string' ? header : undefined,
        body: raw,
        keys: options.keys,
        now: clock(),
      });
      if (!check.valid) {
        counts.badSignatures += 1;
        return reply.code(401).send(errorBody('bad_signature', check.problem));
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return reply.code(400).send(errorBody('invalid_request', 'not JSON'));
      }
      const fault = faults.take(route);
      if (fault?.mode === 'refuse') {
        request.raw.socket.destroy();
        return reply;
      }
      if (fault?.mode === 'fail-before') {
        return reply.code(500).send(errorBody('internal', 'failed before applying'));
      }
      if (fault?.mode === 'hang-before') return hang(reply);
      if (fault?.mode === 'slow') await delay(fault.delay_ms);
      let answer: { status: number; body: unknown };
      try {
        answer = handlers[route](json);
        if (fault?.mode === 'duplicate') handlers[route](json);
      } catch (error) {
        if (error instanceof z.ZodError) {
          return reply.code(400).send(errorBody('invalid_request', error.issues[0]?.message ?? ''));
        }
        throw error;
      }
      if (fault?.mode === 'fail-after') {
        return reply.code(500).send(errorBody('internal', 'failed after applying'));
      }
      if (fault?.mode === 'hang-after') return hang(reply);
      return reply.code(answer.status).send(answer.body);
    });
  }

  app.post(WALLET_CONTROL_PATHS.accounts, async (request, reply) => {
    const input = AccountInput.parse(parseJson(request.body));
    accounts.set(keyOf(input.brand, input.player_id, input.currency), {
      brand: input.brand,
      playerId: input.player_id,
      currency: input.currency,
      balance: new Big(input.balance),
      blocked: input.blocked,
    });
    return reply.code(204).send();
  });
  app.post(WALLET_CONTROL_PATHS.faults, async (request, reply) => {
    faults.add(WalletFault.parse(parseJson(request.body)));
    return reply.send({ pendingFaults: faults.pending() });
  });
  app.post(WALLET_CONTROL_PATHS.clearFaults, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
  app.get(WALLET_CONTROL_PATHS.activity, async (_request, reply) => {
    const answer: WalletActivity = {
      accounts: [...accounts.values()].map((entry) => ({
        brand: entry.brand,
        player_id: entry.playerId,
        currency: entry.currency,
        balance: entry.balance.toFixed(),
        blocked: entry.blocked,
      })),
      operations: [...operations.values()],
      badSignatures: counts.badSignatures,
    };
    return reply.send(answer);
  });
  app.post(WALLET_CONTROL_PATHS.reset, async (_request, reply) => {
    accounts.clear();
    operations.clear();
    authorizations.clear();
    cancelled.clear();
    faults.clear();
    counts.badSignatures = 0;
    return reply.code(204).send();
  });
  return app;
}

function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

function parseJson(body: unknown): unknown {
  return typeof body === 'string' && body !== '' ? JSON.parse(body) : {};
}

/** Never answers: the caller gives up on its own time-out (the socket closes with the server). */
function hang(reply: FastifyReply): Promise<FastifyReply> {
  return new Promise((resolve) => {
    reply.raw.once('close', () => {
      resolve(reply);
    });
  });
}
