import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  EXAMPLE_BANK_PAY_GROUP,
  EXAMPLE_CARD_FIELDS,
  EXAMPLE_CARD_PAY_GROUP,
  EXAMPLE_CONTENT_PAGE,
  EXAMPLE_DELETE_CARD,
  EXAMPLE_DELETE_CARD_RESPONSE,
  EXAMPLE_DEPOSIT_DETAIL,
  EXAMPLE_DEPOSIT_INIT,
  EXAMPLE_DEPOSIT_ROUTE,
  EXAMPLE_DEPOSIT_SUBMIT,
  EXAMPLE_ERROR,
  EXAMPLE_INTERACTION,
  EXAMPLE_METRICS,
  EXAMPLE_METRICS_RESPONSE,
  EXAMPLE_CLIENT_REPORT,
  EXAMPLE_CLIENT_REPORT_RESPONSE,
  EXAMPLE_OTP_SEND,
  EXAMPLE_OTP_SENT,
  EXAMPLE_OTP_VERIFIED,
  EXAMPLE_OTP_VERIFY,
  EXAMPLE_PAY_SESSION_DECLINED,
  EXAMPLE_PAY_SESSION_DISPLAY_FORM,
  EXAMPLE_PAY_SESSION_REDIRECT,
  EXAMPLE_PAYMENT_OTP,
  EXAMPLE_PAYMENT_OTP_REQUEST,
  EXAMPLE_PAYOUT_DETAIL,
  EXAMPLE_PAYOUT_FIELDS,
  EXAMPLE_PAYOUT_INIT,
  EXAMPLE_PAYOUT_ROUTE,
  EXAMPLE_PAYOUT_SUBMIT,
  EXAMPLE_RECURRING_CHECK,
  EXAMPLE_RECURRING_CHECK_RESPONSE,
  EXAMPLE_REQUISITE_CREATE,
  EXAMPLE_REQUISITE_CREATED,
  EXAMPLE_REQUISITE_DELETED,
  EXAMPLE_REVERSAL,
  EXAMPLE_ROUTE_REQUEST,
  EXAMPLE_RTL_ASSETS,
  EXAMPLE_SANDBOX_SESSION,
  EXAMPLE_SANDBOX_SESSION_REQUEST,
  EXAMPLE_SAVED_CARD_SUBMIT,
  EXAMPLE_SELECT,
  EXAMPLE_STATUS,
  EXAMPLE_THREE_DS_RESULT,
  EXAMPLE_UPLOAD,
  EXAMPLE_USER_CARDS,
} from '../examples';
import {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  RequisiteCreateRequest,
  RequisiteCreateResponse,
  RequisiteDeleteResponse,
} from './account-management';
import { InteractionResponse, StatusResponse, ThreeDsResultRequest } from './alternative';
import { ClientReportRequest, ClientReportResponse } from './client-reports';
import { DepositInitResponse, PayoutInitResponse, TaxTier, WidgetSettings } from './cashier';
import {
  Currency,
  Decimal,
  ErrorBody,
  IdempotencyHeaders,
  IdempotencyKey,
  PayGroupIdParam,
  SessionHeaders,
  SessionId,
} from './common';
import { ContentPageResponse, RtlAssetsResponse } from './content';
import { FieldDefinition, WithdrawalFieldDefinition } from './fields';
import { DepositMethodDetail, PayoutMethodDetail, SelectRequest } from './method-detail';
import { MetricsRequest, MetricsResponse } from './metrics';
import { PayGroup } from './pay-group';
import { PaySession, SubmitAmount, SubmitRequest, UploadResponse } from './payment';
import {
  DepositRouteResponse,
  PaymentOtpRequest,
  PaymentOtpResponse,
  PayoutRouteResponse,
  ReversePendingWithdrawalResponse,
  RouteRequest,
} from './routing';
import { SandboxSessionRequest, SandboxSessionResponse } from './sandbox';
import {
  DeleteCardRequest,
  DeleteCardResponse,
  RecurringCheckRequest,
  RecurringCheckResponse,
  UserCardsResponse,
} from './user-cards';

/** Every example with the schema it belongs to. */
const CASES: readonly (readonly [string, z.ZodMiniType, unknown])[] = [
  ['PayGroup (card)', PayGroup, EXAMPLE_CARD_PAY_GROUP],
  ['PayGroup (restricted bank transfer)', PayGroup, EXAMPLE_BANK_PAY_GROUP],
  ['DepositInitResponse', DepositInitResponse, EXAMPLE_DEPOSIT_INIT],
  ['PayoutInitResponse', PayoutInitResponse, EXAMPLE_PAYOUT_INIT],
  ['FieldDefinition list', z.array(FieldDefinition), EXAMPLE_CARD_FIELDS],
  ['WithdrawalFieldDefinition list', z.array(WithdrawalFieldDefinition), EXAMPLE_PAYOUT_FIELDS],
  ['DepositMethodDetail', DepositMethodDetail, EXAMPLE_DEPOSIT_DETAIL],
  ['PayoutMethodDetail', PayoutMethodDetail, EXAMPLE_PAYOUT_DETAIL],
  ['SelectRequest', SelectRequest, EXAMPLE_SELECT],
  ['SubmitRequest (deposit, new card)', SubmitRequest, EXAMPLE_DEPOSIT_SUBMIT],
  ['SubmitRequest (saved card, number amount)', SubmitRequest, EXAMPLE_SAVED_CARD_SUBMIT],
  ['SubmitRequest (withdrawal)', SubmitRequest, EXAMPLE_PAYOUT_SUBMIT],
  ['PaySession (redirect)', PaySession, EXAMPLE_PAY_SESSION_REDIRECT],
  ['PaySession (declined)', PaySession, EXAMPLE_PAY_SESSION_DECLINED],
  ['PaySession (display form)', PaySession, EXAMPLE_PAY_SESSION_DISPLAY_FORM],
  ['UploadResponse', UploadResponse, EXAMPLE_UPLOAD],
  ['RouteRequest', RouteRequest, EXAMPLE_ROUTE_REQUEST],
  ['DepositRouteResponse', DepositRouteResponse, EXAMPLE_DEPOSIT_ROUTE],
  ['PayoutRouteResponse', PayoutRouteResponse, EXAMPLE_PAYOUT_ROUTE],
  ['PaymentOtpRequest', PaymentOtpRequest, EXAMPLE_PAYMENT_OTP_REQUEST],
  ['PaymentOtpResponse', PaymentOtpResponse, EXAMPLE_PAYMENT_OTP],
  ['ReversePendingWithdrawalResponse', ReversePendingWithdrawalResponse, EXAMPLE_REVERSAL],
  ['InteractionResponse', InteractionResponse, EXAMPLE_INTERACTION],
  ['StatusResponse', StatusResponse, EXAMPLE_STATUS],
  ['ThreeDsResultRequest', ThreeDsResultRequest, EXAMPLE_THREE_DS_RESULT],
  ['UserCardsResponse', UserCardsResponse, EXAMPLE_USER_CARDS],
  ['DeleteCardRequest', DeleteCardRequest, EXAMPLE_DELETE_CARD],
  ['DeleteCardResponse', DeleteCardResponse, EXAMPLE_DELETE_CARD_RESPONSE],
  ['RecurringCheckRequest', RecurringCheckRequest, EXAMPLE_RECURRING_CHECK],
  ['RecurringCheckResponse', RecurringCheckResponse, EXAMPLE_RECURRING_CHECK_RESPONSE],
  ['ContentPageResponse', ContentPageResponse, EXAMPLE_CONTENT_PAGE],
  ['RtlAssetsResponse', RtlAssetsResponse, EXAMPLE_RTL_ASSETS],
  ['RequisiteCreateRequest', RequisiteCreateRequest, EXAMPLE_REQUISITE_CREATE],
  ['RequisiteCreateResponse', RequisiteCreateResponse, EXAMPLE_REQUISITE_CREATED],
  ['RequisiteDeleteResponse', RequisiteDeleteResponse, EXAMPLE_REQUISITE_DELETED],
  ['OtpSendRequest', OtpSendRequest, EXAMPLE_OTP_SEND],
  ['OtpSendResponse', OtpSendResponse, EXAMPLE_OTP_SENT],
  ['OtpVerifyRequest', OtpVerifyRequest, EXAMPLE_OTP_VERIFY],
  ['OtpVerifyResponse', OtpVerifyResponse, EXAMPLE_OTP_VERIFIED],
  ['MetricsRequest', MetricsRequest, EXAMPLE_METRICS],
  ['MetricsResponse', MetricsResponse, EXAMPLE_METRICS_RESPONSE],
  ['ClientReportRequest', ClientReportRequest, EXAMPLE_CLIENT_REPORT],
  ['ClientReportResponse', ClientReportResponse, EXAMPLE_CLIENT_REPORT_RESPONSE],
  ['SandboxSessionRequest', SandboxSessionRequest, EXAMPLE_SANDBOX_SESSION_REQUEST],
  ['SandboxSessionResponse', SandboxSessionResponse, EXAMPLE_SANDBOX_SESSION],
  ['ErrorBody', ErrorBody, EXAMPLE_ERROR],
];

/** The paths of the issues of a failed parse, as dotted strings. */
function issuePaths(schema: z.ZodMiniType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.map(String).join('.'));
}

function accepts(schema: z.ZodMiniType, value: unknown): boolean {
  return z.safeParse(schema, value).success;
}

describe('every schema accepts its realistic example (SPEC §3, §7)', () => {
  it.each(CASES)('%s', (_name, schema, example) => {
    expect(issuePaths(schema, example)).toEqual([]);
  });
});

describe('every object schema rejects a wrong type and a missing required field (SPEC §7, §8)', () => {
  const objectCases = CASES.filter(
    (entry): entry is readonly [string, z.ZodMiniType, Record<string, unknown>] =>
      typeof entry[2] === 'object' && entry[2] !== null && !Array.isArray(entry[2]),
  );
  it.each(objectCases)('%s: not an object', (_name, schema) => {
    expect(accepts(schema, 'a string')).toBe(false);
    expect(accepts(schema, null)).toBe(false);
  });
  it.each(objectCases)('%s: each required key removed', (_name, schema, example) => {
    for (const key of Object.keys(example)) {
      const rest = Object.fromEntries(Object.entries(example).filter(([name]) => name !== key));
      const optional = z.safeParse(schema, rest).success;
      // A key may be optional, but then the example without it must still be valid as a whole.
      if (!optional) expect(issuePaths(schema, rest)[0]?.split('.')[0]).toBe(key);
    }
  });
});

describe('Decimal (SPEC §3, §5: money is a decimal string)', () => {
  it.each(['0', '10', '10.5', '10.50', '0.0001', '123456789012.1234567890'])(
    'accepts %s',
    (value) => {
      expect(z.parse(Decimal, value)).toBe(value);
    },
  );
  it.each([
    '',
    '-1',
    '+1',
    '1e3',
    '1,5',
    ' 1',
    '1.',
    '.5',
    '01',
    '1 000',
    'NaN',
    'Infinity',
    '1.2.3',
    '1'.repeat(41),
  ])('rejects %j', (value) => {
    expect(accepts(Decimal, value)).toBe(false);
  });
  it('rejects a JSON number', () => {
    expect(accepts(Decimal, 10.5)).toBe(false);
  });
});

describe('SubmitAmount (SPEC §3: the payment request sends amount as a number)', () => {
  it('keeps a decimal string as it is', () => {
    expect(z.parse(SubmitAmount, '50.00')).toBe('50.00');
  });
  it('reads a number as its exact decimal text', () => {
    expect(z.parse(SubmitAmount, 75.5)).toBe('75.5');
    expect(z.parse(SubmitAmount, 0.1)).toBe('0.1');
  });
  it('refuses a number JavaScript writes with an exponent (1e21, 1e-7) rather than guess', () => {
    expect(accepts(SubmitAmount, 1e21)).toBe(false);
    expect(accepts(SubmitAmount, 1e-7)).toBe(false);
  });
  it('rejects negative, infinite and non-numeric amounts', () => {
    expect(accepts(SubmitAmount, -1)).toBe(false);
    expect(accepts(SubmitAmount, Number.POSITIVE_INFINITY)).toBe(false);
    expect(accepts(SubmitAmount, Number.NaN)).toBe(false);
    expect(accepts(SubmitAmount, '1e3')).toBe(false);
    expect(accepts(SubmitAmount, true)).toBe(false);
  });
  it('hands the submit handler a decimal string', () => {
    expect(z.parse(SubmitRequest, EXAMPLE_SAVED_CARD_SUBMIT).amount).toBe('75.5');
  });
});

describe('SubmitRequest rules (SPEC §3 submit payload)', () => {
  it('rejects a card number next to a saved card', () => {
    const body = { ...EXAMPLE_SAVED_CARD_SUBMIT, parameters: { card_pan: '4111111111111111' } };
    expect(issuePaths(SubmitRequest, body)).toEqual(['parameters']);
  });
  it('accepts the CVV next to a saved card', () => {
    expect(
      accepts(SubmitRequest, { ...EXAMPLE_SAVED_CARD_SUBMIT, parameters: { card_cvv: '123' } }),
    ).toBe(true);
  });
  it('rejects a bad currency, a bad parameter name and an object parameter value', () => {
    expect(issuePaths(SubmitRequest, { ...EXAMPLE_DEPOSIT_SUBMIT, currency: 'eur' })).toEqual([
      'currency',
    ]);
    expect(
      issuePaths(SubmitRequest, { amount: '1', currency: 'EUR', fields: { 'bad name': 'x' } }),
    ).toEqual(['fields.bad name']);
    expect(
      issuePaths(SubmitRequest, { amount: '1', currency: 'EUR', fields: { a: { b: 1 } } }),
    ).toEqual(['fields.a']);
  });
});

describe('headers and identifiers (SPEC §6, docs/architecture.md idempotency)', () => {
  it.each(['abcdefgh', 'A1_b2-C3', 'k'.repeat(128)])('accepts idempotency key %s', (key) => {
    expect(z.parse(IdempotencyKey, key)).toBe(key);
  });
  it.each(['short', 'k'.repeat(129), 'has space in it', 'dots.are.bad', 'ünïcode-key', ''])(
    'rejects idempotency key %j',
    (key) => {
      expect(accepts(IdempotencyKey, key)).toBe(false);
    },
  );
  it('the idempotency header is optional and checked when present', () => {
    expect(z.parse(IdempotencyHeaders, {})).toEqual({});
    expect(accepts(IdempotencyHeaders, { 'idempotency-key': 'bad key' })).toBe(false);
  });
  it('session ids follow the same alphabet', () => {
    expect(accepts(SessionId, 'sess_8f3k2m1q')).toBe(true);
    expect(accepts(SessionId, 'sess 8f3k')).toBe(false);
    expect(accepts(SessionHeaders, {})).toBe(false);
  });
  it('currency is three upper-case letters', () => {
    expect(accepts(Currency, 'EUR')).toBe(true);
    expect(accepts(Currency, 'EURO')).toBe(false);
    expect(accepts(Currency, 'eur')).toBe(false);
  });
  it('a pay group path id is a positive integer', () => {
    expect(accepts(PayGroupIdParam, '101')).toBe(true);
    expect(accepts(PayGroupIdParam, '0')).toBe(false);
    expect(accepts(PayGroupIdParam, '-1')).toBe(false);
    expect(accepts(PayGroupIdParam, '1.5')).toBe(false);
    expect(accepts(PayGroupIdParam, '12345678901')).toBe(false);
  });
});

describe('defaults of the cashier response (SPEC §3, §9)', () => {
  it('user_balance defaults to "0" and success_page_redirect_timeout to 30', () => {
    const parsed = z.parse(PayoutInitResponse, EXAMPLE_PAYOUT_INIT);
    expect(parsed.user_balance).toBe('0');
    expect(parsed.widget_settings.success_page_redirect_timeout).toBe(30);
    expect(
      z.parse(WidgetSettings, EXAMPLE_DEPOSIT_INIT.widget_settings).success_page_redirect_timeout,
    ).toBe(30);
  });
  it('the pay session action defaults to redirect', () => {
    expect(z.parse(PaySession, EXAMPLE_PAY_SESSION_DECLINED).action).toBe('redirect');
  });
  it('a tax tier without an upper bound is valid; a numeric bound is not', () => {
    expect(accepts(TaxTier, { from: '100', percent_value: '10' })).toBe(true);
    expect(accepts(TaxTier, { from: 100 })).toBe(false);
  });
});

describe('specific rejections', () => {
  it('a pay group without currencies is refused', () => {
    expect(issuePaths(PayGroup, { ...EXAMPLE_CARD_PAY_GROUP, currencies: [] })).toEqual([
      'currencies',
    ]);
  });
  it('an unknown action_type is refused', () => {
    expect(issuePaths(PayGroup, { ...EXAMPLE_CARD_PAY_GROUP, action_type: 'teleport' })).toEqual([
      'action_type',
    ]);
  });
  it('a delete request must say withholding_type Payment', () => {
    expect(
      issuePaths(DeleteCardRequest, { card_id: 'card_1', withholding_type: 'Payout' }),
    ).toEqual(['withholding_type']);
  });
  it('an OTP is four to eight digits', () => {
    expect(accepts(OtpVerifyRequest, { otp: '123', requisite_id: 'r1' })).toBe(false);
    expect(accepts(OtpVerifyRequest, { otp: '12ab56', requisite_id: 'r1' })).toBe(false);
  });
  it('an upload answer names an accepted MIME type only', () => {
    expect(issuePaths(UploadResponse, { ...EXAMPLE_UPLOAD, mime_type: 'image/gif' })).toEqual([
      'mime_type',
    ]);
    expect(issuePaths(UploadResponse, { ...EXAMPLE_UPLOAD, size: 20_971_521 })).toEqual(['size']);
  });
  it('the sandbox rejects an unknown flow and a bad theme (any [a-z0-9_-]{1,32})', () => {
    expect(
      issuePaths(SandboxSessionRequest, { ...EXAMPLE_SANDBOX_SESSION_REQUEST, flow: 'refund' }),
    ).toEqual(['flow']);
    expect(
      issuePaths(SandboxSessionRequest, { ...EXAMPLE_SANDBOX_SESSION_REQUEST, theme: 'Dark Mode' }),
    ).toEqual(['theme']);
    expect(
      issuePaths(SandboxSessionRequest, {
        ...EXAMPLE_SANDBOX_SESSION_REQUEST,
        theme: 'x'.repeat(33),
      }),
    ).toEqual(['theme']);
    expect(
      issuePaths(SandboxSessionRequest, { ...EXAMPLE_SANDBOX_SESSION_REQUEST, theme: 'summer-26' }),
    ).toEqual([]);
  });
  it('a saved card carries only last4 and bin, never a full number', () => {
    const card = EXAMPLE_USER_CARDS.cards[0];
    expect(
      issuePaths(UserCardsResponse, { cards: [{ ...card, last4: '4111111111111111' }] }),
    ).toEqual(['cards.0.last4']);
  });
  it('an error code is digits', () => {
    expect(issuePaths(ErrorBody, { error_code: 'E17', error_message: 'x' })).toEqual([
      'error_code',
    ]);
  });
});
