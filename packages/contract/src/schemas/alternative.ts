/**
 * Alternative payments: interaction data, status poll and 3-D Secure result (SPEC §2
 * /payments/interaction|status|3ds_result/{provider}, §7).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal, SessionId, TransactionId, Url } from './common';
import { ResultStatus, TransactionStatus } from './payment';

/** SPEC §7: interaction data of an alternative payment. */
export const InteractionResponse = z
  .object({
    transaction_id: TransactionId,
    provider: z.string().check(z.minLength(1), z.maxLength(100)),
    instructions: z.array(z.string().check(z.maxLength(1000))),
    redirect_url: z.nullable(Url),
    amount: Decimal,
    currency: Currency,
    expires_at: z.nullable(DateTime),
    transaction_status: TransactionStatus,
  })
  .check(
    z.meta({
      id: 'InteractionResponse',
      description:
        'Answer of GET payments/interaction/{transactionId} (SPEC §7 "alternative-payment interaction data"; shape not shown, designed): the provider name, plain-text instructions for the player (one per step), the address of the provider page to open (null when the player acts elsewhere, e.g. in a banking app), the amount, when the payment stops being possible, and the current status.',
    }),
  );
/** SPEC §7: interaction data. */
export type InteractionResponse = z.infer<typeof InteractionResponse>;

/** SPEC §7: status poll answer. */
export const StatusResponse = z
  .object({
    transaction_id: TransactionId,
    transaction_status: TransactionStatus,
    result_status: ResultStatus,
    terminal: z.boolean(),
    next_poll_ms: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(300_000))),
    amount: Decimal,
    currency: Currency,
    fee: Decimal,
    tax: Decimal,
    bonus: Decimal,
    method_name: z.string().check(z.minLength(1), z.maxLength(200)),
    reference: z.string().check(z.minLength(1), z.maxLength(100)),
    user_balance: z.nullable(Decimal),
    received: z.optional(z.nullable(Decimal)),
    destination: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(100)))),
  })
  .check(
    z.meta({
      id: 'StatusResponse',
      description:
        "Answer of GET payments/status/{transactionId} (SPEC §7 status poll): the transaction and result status; terminal is true once the status is final (success or error), and next_poll_ms says when to ask again (null when terminal). It also carries what a result page shows of the payment, the same however the page was reached (after 3-D Secure, a provider's redirect or the processing page): the amount and currency, the fee (a deposit's paid on top, a withdrawal's taken from the amount), the tax withheld and the bonus a deposit credits on success (0 for a withdrawal), all at the currency precision and 0 when there is none; the method (pay group) by its name in the session's language; the reference the player quotes (the display form's payment reference, else the transaction id); and user_balance, the player's balance in the payment's currency read at the time of this answer (never cached), null when the operator's wallet does not answer, or while a movement the payment owes it (a deposit's credit, a payout's return) is not answered yet, whose balance would not be the one after the payment (the status is told all the same). A withdrawal also carries received, what reaches the player (the amount less its fee and tax, at the currency precision), and destination, where it goes as the player knows it (the masked payout account, or the card by type and last four digits); both are null for a deposit and destination for a payout with none (cash at a bet shop).",
    }),
  );
/** SPEC §7: status answer. */
export type StatusResponse = z.infer<typeof StatusResponse>;

/** SPEC §7: the 3DS result body, passed through from the challenge page. */
export const ThreeDsResultRequest = z
  .object({
    transaction_id: TransactionId,
    session_id: z.optional(SessionId),
    pa_res: z.optional(z.string().check(z.maxLength(20_000))),
    cres: z.optional(z.string().check(z.maxLength(20_000))),
    md: z.optional(z.string().check(z.maxLength(2000))),
    outcome: z.optional(z.enum(['authenticated', 'failed'])),
  })
  .check(
    z.meta({
      id: 'ThreeDsResultRequest',
      description:
        'Body of POST payments/3ds-result (SPEC §7 "body passed through"): what the 3-D Secure challenge returned to the cashier\'s /3ds_result route. transaction_id names the payment; session_id is the cashier session when the return address carried it (the x-session-id header wins); pa_res (3DS1 PaRes), cres (3DS2 CRes) and md are the card-issuing bank\'s fields, passed on to the provider untouched; outcome is set by the sandbox challenge page.',
    }),
  );
/** SPEC §7: 3DS result body. */
export type ThreeDsResultRequest = z.infer<typeof ThreeDsResultRequest>;
