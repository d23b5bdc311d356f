/**
 * The operator wallet protocol: how Cashdesk moves money in the operator's own wallet
 * when the operator keeps the player's balance (sportsbook and casino spend from it). Modelled on
 * the callbacks gaming cashiers make to a platform: **verify** the player and read the balance,
 * **authorize** a payout (the wallet takes the amount off the balance), **transfer** (credit a
 * deposit, commit an authorized payout, or take back a refunded deposit) and **cancel** (return an
 * authorized payout). The operator serves these four routes; Cashdesk calls them
 * (modules/wallet/operator-wallet.ts) and the wallet simulator of `@cashdesk/testkit` serves them
 * for tests and demos.
 *
 * Conventions:
 * - `POST {OPERATOR_WALLET_URL}/{route}` with a JSON body, signed (http/signing.ts:
 *   `Cashdesk-Signature`, `Cashdesk-Key-Id`); the wallet verifies the signature against the raw
 *   body and answers `401` to a bad one.
 * - Snake-case fields, money as decimal strings in the currency's major unit (`"10.50"`).
 * - **Idempotency.** Every money movement carries `operation_id`, `{transaction_id}:{kind}`, the
 *   same on every repeat. The wallet applies an operation id once and answers a repeat with the
 *   first answer: Cashdesk repeats whenever it did not get an answer (a time-out, a 5xx, a lost
 *   connection, a restart).
 * - **Cancel wins over a late authorize.** A cancel of a transaction the wallet never authorized
 *   is answered `ok` and remembered: an authorize of that transaction arriving afterwards (a
 *   request delayed in the network) is refused. So a payout Cashdesk gave up on can never stay
 *   debited.
 * - `status: "refused"` is a definite no (nothing moved). A transfer or cancel should never be
 *   refused: the money has already moved at the provider; Cashdesk keeps a refused one for the
 *   operator's attention.
 * - Any answer other than `200` with a body of this protocol leaves the outcome unknown, and the
 *   same operation is sent again later.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { Currency, Decimal } from '@cashdesk/contract';

/**
 * A balance as the wallet reports it: a decimal string that may be negative (a reversal of a
 * refunded or charged-back deposit the player had spent takes it below zero).
 */
export const WalletBalance = z
  .string()
  .max(40)
  .regex(/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/, 'a decimal string such as "-10.50"');

/** The routes, relative to the wallet's base URL. */
export const WALLET_ROUTES = {
  verify: '/verify',
  authorize: '/authorize',
  transfer: '/transfer',
  cancel: '/cancel',
} as const;

/** One of the wallet's routes. */
export type WalletRoute = keyof typeof WALLET_ROUTES;

/** The names of {@link WALLET_ROUTES}, in the order a payment uses them. */
export const WALLET_ROUTE_NAMES = [
  'verify',
  'authorize',
  'transfer',
  'cancel',
] as const satisfies readonly WalletRoute[];

/** Who the callback is about: the operator's own player id and the brand. */
const PlayerRef = {
  /** The operator's id of the player (the session's player id). */
  player_id: z.string().min(1).max(200),
  brand: z.string().min(1).max(100),
  currency: Currency,
};

/** `POST /verify`: is the player known and active, and what is the balance? */
export const VerifyRequest = z.object(PlayerRef);
/** {@link VerifyRequest}. */
export type VerifyRequest = z.infer<typeof VerifyRequest>;

/** The answer to `/verify`. `blocked`: the player may not move money (self-exclusion, a hold). */
export const VerifyAnswer = z.object({
  player_id: z.string(),
  currency: Currency,
  balance: WalletBalance,
  blocked: z.boolean().default(false),
});
/** {@link VerifyAnswer}. */
export type VerifyAnswer = z.output<typeof VerifyAnswer>;

const Movement = {
  ...PlayerRef,
  /** `{transaction_id}:{kind}`: the wallet's idempotency key. */
  operation_id: z.string().min(1).max(200),
  transaction_id: z.uuid(),
  amount: Decimal,
};

/** `POST /authorize`: take a payout's amount off the balance (or refuse). */
export const AuthorizeRequest = z.object({ ...Movement, flow: z.literal('withdrawal') });
/** {@link AuthorizeRequest}. */
export type AuthorizeRequest = z.infer<typeof AuthorizeRequest>;

/**
 * What a transfer does: `deposit` adds `amount` (and `bonus`) to the balance; `withdrawal` makes
 * an authorized payout final (the balance does not change again); `reversal` takes a refunded or
 * charged-back deposit back (the balance may go below zero: the player spent it).
 */
export const TRANSFER_KINDS = ['deposit', 'withdrawal', 'reversal'] as const;

/** `POST /transfer`. */
export const TransferRequest = z.object({
  ...Movement,
  kind: z.enum(TRANSFER_KINDS),
  /** A deposit's bonus, added with it; "0" otherwise. */
  bonus: Decimal,
});
/** {@link TransferRequest}. */
export type TransferRequest = z.infer<typeof TransferRequest>;

/** `POST /cancel`: return an authorized payout's amount (or remember that none may follow). */
export const CancelRequest = z.object(Movement);
/** {@link CancelRequest}. */
export type CancelRequest = z.infer<typeof CancelRequest>;

/** The answer to a movement (`/authorize`, `/transfer`, `/cancel`). */
export const MovementAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), balance: z.optional(WalletBalance) }),
  z.object({
    status: z.literal('refused'),
    // `insufficient_funds`, `player_blocked`, `unknown_player`, `cancelled` (a cancel came
    // first) or another reason: read as text, so a wallet's own reason is a refusal, not a
    // malformed answer.
    reason: z.string().max(200),
    balance: z.optional(WalletBalance),
  }),
]);
/** {@link MovementAnswer}. */
export type MovementAnswer = z.output<typeof MovementAnswer>;

/** An error answer (`401`, `400`, `404` for an unknown player on `/verify`, `5xx`). */
export const WalletErrorAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
