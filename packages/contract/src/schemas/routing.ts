/**
 * The route call, the payment one-time code and the withdrawal reversal (SPEC §7).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, Decimal, ErrorCode } from './common';
import { ViewData } from './cashier';
import { FieldDefinition, WithdrawalFieldDefinition } from './fields';
import { CardData, SubmitAmount, SubmitParameters } from './payment';

/** SPEC §3 routing state {parameters, view_data, card_data}: the route request (designed). */
export const RouteRequest = z
  .object({
    currency: Currency,
    amount: z.optional(SubmitAmount),
    parameters: SubmitParameters,
    card_data: z.optional(CardData),
  })
  .check(
    z.meta({
      id: 'RouteRequest',
      description:
        'Body of POST /api/cashier-service/payments/groups/{paygroup_id}/route (SPEC §7 "route data"; shape designed from the routing state of SPEC §3): the currency, the amount typed so far and the form values entered so far. The server answers the next fields to show.',
    }),
  );
/** SPEC §7: route request (as parsed). */
export type RouteRequest = z.infer<typeof RouteRequest>;
/** SPEC §7: route request as sent. */
export type RouteRequestInput = z.input<typeof RouteRequest>;

const ROUTE_RESPONSE_NOTES =
  'parameters are field definitions the widget maps as form fields (SPEC §7 "response has parameters, mapped as form fields"); view_data and card_data complete the routing state of SPEC §3.';

/** SPEC §7: the deposit route answer. */
export const DepositRouteResponse = z
  .object({
    parameters: z.array(FieldDefinition),
    view_data: ViewData,
    card_data: z.nullable(CardData),
  })
  .check(
    z.meta({
      id: 'DepositRouteResponse',
      description: `Answer of the deposit route call (SPEC §7). ${ROUTE_RESPONSE_NOTES}`,
    }),
  );
/** SPEC §7: deposit route answer. */
export type DepositRouteResponse = z.infer<typeof DepositRouteResponse>;

/** SPEC §7: the withdrawal route answer. */
export const PayoutRouteResponse = z
  .object({
    parameters: z.array(WithdrawalFieldDefinition),
    view_data: ViewData,
    card_data: z.nullable(CardData),
  })
  .check(
    z.meta({
      id: 'PayoutRouteResponse',
      description: `Answer of the withdrawal route call (SPEC §7, payouts/groups/{paygroup_id}/route). ${ROUTE_RESPONSE_NOTES}`,
    }),
  );
/** SPEC §7: withdrawal route answer. */
export type PayoutRouteResponse = z.infer<typeof PayoutRouteResponse>;

/** SPEC §7: payment one-time code request ("request fields without paygroup_id"; designed). */
export const PaymentOtpRequest = z
  .object({
    currency: Currency,
    amount: SubmitAmount,
    parameters: SubmitParameters,
    field_name: z.string().check(z.minLength(1), z.maxLength(100)),
  })
  .check(
    z.meta({
      id: 'PaymentOtpRequest',
      description:
        'Body of POST payments/groups/{paygroup_id}/otp (SPEC §7 "request fields without paygroup_id"; shape designed): the form as filled so far (currency, amount, parameters including the is_otp_requisites field, e.g. the phone) and field_name, the field the code will be typed into (SPEC §3 one-time code {fieldName}). The server sends a code to the requisite; the player types it into that field and submits.',
    }),
  );
/** SPEC §7: payment OTP request (as parsed). */
export type PaymentOtpRequest = z.infer<typeof PaymentOtpRequest>;
/** SPEC §7: payment OTP request as sent. */
export type PaymentOtpRequestInput = z.input<typeof PaymentOtpRequest>;

/** SPEC §7: payment one-time code answer. */
export const PaymentOtpResponse = z
  .object({
    status: z.enum(['sent', 'failed', 'blocked']),
    error: z.boolean(),
    can_resend: z.boolean(),
    error_code: z.nullable(ErrorCode),
    error_message: z.nullable(z.string().check(z.maxLength(500))),
    resend_after: z.number().check(z.int(), z.gte(0)),
    field_name: z.string().check(z.minLength(1), z.maxLength(100)),
  })
  .check(
    z.meta({
      id: 'PaymentOtpResponse',
      description:
        'Answer of payments/groups/{paygroup_id}/otp (SPEC §7: status, error, can_resend, error_code, error_message; what the product does with them is not shown, so designed): status sent (a code is on its way), failed (not sent; error_code and error_message say why) or blocked (too many requests); error is true unless sent; can_resend whether another code may be asked for, after resend_after seconds; field_name echoes where the code goes.',
    }),
  );
/** SPEC §7: payment OTP answer. */
export type PaymentOtpResponse = z.infer<typeof PaymentOtpResponse>;

/** SPEC §7: the reversal of the pending withdrawal. */
export const ReversePendingWithdrawalResponse = z
  .object({
    success_amount: z.nullable(Decimal),
    fail_amount: z.nullable(Decimal),
    currency: Currency,
  })
  .check(
    z.meta({
      id: 'ReversePendingWithdrawalResponse',
      description:
        'Answer of GET payments/reverse-pending-withdrawal (SPEC §7: success_amount, fail_amount): success_amount is the amount returned to the balance (null when nothing could be reversed), fail_amount the amount that could not be reversed because it is already being paid out (null when none). The widget reports success when success_amount is present (SPEC §4). currency (designed) is the currency of both.',
    }),
  );
/** SPEC §7: reversal answer. */
export type ReversePendingWithdrawalResponse = z.infer<typeof ReversePendingWithdrawalResponse>;
