/**
 * Deposit and withdrawal submit, the pay session it answers, and document upload (SPEC §3
 * "Payment request payload", "Redirect result", pay session; §7 submit and upload).
 *
 * @packageDocumentation
 */
import {
  MAX_DISPLAY_PARAM_LENGTH,
  NATIVE_PAY_WIRE_TYPES,
  RESULT_STATUSES,
  parseDecimal,
} from '@cashdesk/domain';
import type { DisplayParamName } from '@cashdesk/domain';
import * as z from 'zod/mini';
import {
  Currency,
  DateTime,
  Decimal,
  ErrorCode,
  OpaqueId,
  TransactionId,
  UrlOrPath,
} from './common';
import { BetShop } from './method-detail';
import { TRANSACTION_STATUSES } from '../values';

/**
 * A JSON number amount turned into its decimal text, exactly: the number's shortest round-trip
 * text, so 10.5 becomes "10.5". A number JavaScript writes with an exponent (1e21, 1e-7) is
 * refused by @cashdesk/domain's parser rather than guessed at; no real amount needs one.
 */
const NumberAmount = z.pipe(
  z.number().check(z.gte(0)),
  z.transform((value: number, ctx): string => {
    const parsed = parseDecimal(value);
    if (parsed === null) {
      ctx.issues.push({ code: 'custom', message: 'a finite amount', input: value });
      return z.NEVER;
    }
    return parsed.toFixed();
  }),
);

/**
 * SPEC §3: the submit amount. The deposit submit body sends a decimal string; the payment
 * request payload sends "amount (number)". Both are accepted; a number is converted to its
 * exact decimal text, so handlers only ever see a decimal string.
 */
export const SubmitAmount = z.union([Decimal, z.pipe(NumberAmount, Decimal)]).check(
  z.meta({
    id: 'SubmitAmount',
    description:
      'The amount to pay or withdraw. A decimal string is the normal form ("10.50"); a JSON number is also accepted because SPEC §3 shows the payment request payload with "amount (number)", and is read as its exact decimal text (numbers written with an exponent, such as 1e21, are refused). Clients should send a string: a float cannot hold every amount.',
  }),
);

/** Names of submitted form values: field names of the form definition. */
export const ParameterName = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_.-]+$/, 'a field name'));

/** SPEC §3: form field values as submitted: text (dates as ISO strings, selects as their value) or a flag. */
export const SubmitParameters = z
  .record(ParameterName, z.union([z.string().check(z.maxLength(2048)), z.boolean()]))
  .check(
    z.meta({
      id: 'SubmitParameters',
      description:
        'Form values by field name (SPEC §3 "Submit payload form fields"): dates as ISO strings, selects reduced to their value, card expiry as separate month and year (month/year in a deposit, card_exp_month/card_exp_year in checkout), card_id for a saved card. card_pan and card_cvv travel only here and only for a new-card payment; the server never stores or logs them.',
    }),
  );
/** SPEC §3: submitted form values. */
export type SubmitParameters = z.infer<typeof SubmitParameters>;

/** SPEC §3 `card_data`: the saved card's reference only. */
export const CardData = z.object({ card_id: z.optional(OpaqueId) }).check(
  z.meta({
    id: 'CardData',
    description:
      "SPEC §3 card_data (shape not shown; designed): the saved card's id, absent for a new card. Never a card number or CVV.",
  }),
);
/** The type of {@link CardData}. */
export type CardData = z.infer<typeof CardData>;

/** SPEC §3 `browser_data` (3-D Secure device data). */
export const BrowserData = z
  .object({
    color_depth: z.number().check(z.int(), z.gte(0), z.lte(64)),
    language: z.string().check(z.maxLength(35)),
    time_zone: z.number().check(z.int(), z.gte(-900), z.lte(900)),
    timezone_name: z.string().check(z.maxLength(100)),
    java_enabled: z.boolean(),
    screen_height: z.number().check(z.int(), z.gte(0)),
    screen_width: z.number().check(z.int(), z.gte(0)),
    window_height: z.number().check(z.int(), z.gte(0)),
    window_width: z.number().check(z.int(), z.gte(0)),
    user_agent: z.string().check(z.maxLength(2048)),
    java_script_enabled: z.boolean(),
  })
  .check(
    z.meta({
      id: 'BrowserData',
      description:
        'Browser facts for 3-D Secure (SPEC §3 browser_data): colour depth, language, time_zone (offset in minutes, as Date#getTimezoneOffset), timezone_name, Java and JavaScript flags, screen and window sizes in CSS pixels, user agent.',
    }),
  );
/** SPEC §3: browser data. */
export type BrowserData = z.infer<typeof BrowserData>;

const DisplayParamValue = z.string().check(z.maxLength(MAX_DISPLAY_PARAM_LENGTH));

/**
 * SPEC §2: the display parameters of the cashier's address (domain `DISPLAY_QUERY_PARAMS`), each
 * as written there; every name of the domain's list and no other.
 */
const DISPLAY_PARAM_SHAPE = {
  lang: z.optional(DisplayParamValue),
  theme: z.optional(DisplayParamValue),
  width: z.optional(DisplayParamValue),
  height: z.optional(DisplayParamValue),
  host_origin: z.optional(DisplayParamValue),
  in_pop_up: z.optional(DisplayParamValue),
  close_icon: z.optional(DisplayParamValue),
  mode: z.optional(DisplayParamValue),
  xChannel: z.optional(DisplayParamValue),
  isForcedMobile: z.optional(DisplayParamValue),
  merchant_redirect_url: z.optional(DisplayParamValue),
  merchant_domain: z.optional(DisplayParamValue),
  metrics: z.optional(DisplayParamValue),
  clstrmid: z.optional(DisplayParamValue),
  user: z.optional(DisplayParamValue),
} satisfies Record<DisplayParamName, unknown>;

/** SPEC §2: the display parameters a deposit's return addresses carry. */
export const DisplayParams = z.object(DISPLAY_PARAM_SHAPE).check(
  z.meta({
    id: 'DisplayParams',
    description:
      "The start-up query parameters of the cashier's address that say how and where it is shown (SPEC §2): lang, theme, width, height, host_origin, in_pop_up, close_icon, mode, xChannel, isForcedMobile, merchant_redirect_url, merchant_domain, metrics, clstrmid, user; each as written there (a bare flag as an empty string). The addresses that bring the player back to the cashier after a provider's page carry them, so the cashier comes back in the same language, direction, theme and frame; the session and transaction ids are set by the server. Other names are dropped.",
  }),
);
/** SPEC §2: display parameters. */
export type DisplayParams = z.infer<typeof DisplayParams>;

/** The largest wallet payment token a submit carries (an Apple Pay token is a few kilobytes). */
const MAX_NATIVE_PAY_TOKEN_LENGTH = 16384;

/** SPEC §3, §6: the wallet's payment token of an Apple Pay or Google Pay deposit. */
const NativePayToken = z
  .object({
    wallet: z.enum(NATIVE_PAY_WIRE_TYPES),
    token: z.string().check(z.minLength(1), z.maxLength(MAX_NATIVE_PAY_TOKEN_LENGTH)),
  })
  .check(
    z.meta({
      id: 'NativePayToken',
      description:
        "An Apple Pay or Google Pay payment (SPEC §3 native_pay_type, §6; designed): the wallet (apple_pay or google_pay, which must be the pay group's) and the payment token the browser's Payment Request API answered with (Google Pay: paymentMethodData.tokenizationData.token; Apple Pay: the token's paymentData as JSON text). It goes to the pay group's connector as the payment method and is never stored or logged.",
    }),
  );
/** Whether a card number appears among submitted values. */
function carriesCardNumber(
  values: Readonly<Record<string, string | boolean>> | undefined,
): boolean {
  return values !== undefined && Object.hasOwn(values, 'card_pan');
}

/** SPEC §3, §7: the deposit and withdrawal submit body. */
export const SubmitRequest = z
  .object({
    amount: SubmitAmount,
    currency: Currency,
    fields: z.optional(SubmitParameters),
    parameters: z.optional(SubmitParameters),
    card_data: z.optional(CardData),
    browser_data: z.optional(BrowserData),
    fingerprint: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
    is_new_payout_account: z.optional(z.boolean()),
    save_card: z.optional(z.boolean()),
    display_params: z.optional(DisplayParams),
    native_pay: z.optional(NativePayToken),
  })
  .check(
    z.refine(
      (body) =>
        body.card_data?.card_id === undefined ||
        (!carriesCardNumber(body.fields) && !carriesCardNumber(body.parameters)),
      { message: 'card_pan is sent only for a new card', path: ['parameters'] },
    ),
    z.meta({
      id: 'SubmitRequest',
      description:
        'Body of payments/groups/{payGroupId}/submit and payouts/groups/{payGroupId}/submit (SPEC §3 "Payment request payload" and "Deposit submit body", §7). One shape for both: form values arrive in `fields` (deposit submit body) or `parameters` (payment request payload) and are merged, parameters winning; amount is a decimal string (a number is accepted, see SubmitAmount) and excludes nothing else. card_data.card_id picks a saved card; then card_pan must not be sent (card_cvv may be, when the amount needs it). save_card stores a new card (only when sent true; the deposit form leaves it unticked until the player ticks it); is_new_payout_account is the widget marker of a withdrawal to an account entered as new, accepted and not relied on (the server finds the first withdrawal of a player to an account itself); fingerprint is the device fingerprint (PH_fingerprint); display_params are the display parameters of the address the cashier started from, which the return addresses of a deposit carry (SPEC §2); native_pay is the wallet token of an Apple Pay or Google Pay deposit, required for such a pay group and refused for any other.',
    }),
  );
/** SPEC §3: submit body as parsed (amount always a decimal string). */
export type SubmitRequest = z.infer<typeof SubmitRequest>;
/** SPEC §3: submit body as a client may send it (amount a string or a number). */
export type SubmitRequestInput = z.input<typeof SubmitRequest>;

export { TRANSACTION_STATUSES };

/** A transaction status. */
export const TransactionStatus = z.enum(TRANSACTION_STATUSES).check(
  z.meta({
    id: 'TransactionStatus',
    description:
      'Status of a transaction: created, then processing or await (waiting for the player or the provider), then success or error (final).',
  }),
);
/** A transaction status. */
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/** SPEC §2 result statuses. */
export const ResultStatus = z.enum(RESULT_STATUSES).check(
  z.meta({
    id: 'ResultStatus',
    description:
      'The result page to show (SPEC §2 result statuses): success, error, processing, await or charity-success.',
  }),
);
/** The type of {@link ResultStatus}. */
export type ResultStatus = z.infer<typeof ResultStatus>;

/** SPEC §3 enumerations step kinds, plus the designed display_form, upload and voucher steps. */
export const SUBMIT_STEPS = [
  'redirect',
  'result',
  'await',
  'display_form',
  'upload',
  'voucher',
] as const;

/** The next screen after a submit. */
export const SubmitStep = z.enum(SUBMIT_STEPS).check(
  z.meta({
    id: 'SubmitStep',
    description:
      'What the widget does next (SPEC §3 step kinds redirect, result, await; the others designed): redirect follows redirect_data (alternative-payment interaction page or 3-D Secure challenge); result shows the result page of result_status; await polls payments/status; display_form shows display_form (QR code); upload asks for a receipt upload (bank transfer) then awaits; voucher shows the bet-shop cash voucher.',
  }),
);
/** The next screen after a submit. */
export type SubmitStep = z.infer<typeof SubmitStep>;

/** SPEC §3 "Redirect result" actions (designed beyond the default redirect). */
export const REDIRECT_ACTIONS = ['redirect', 'iframe', 'none'] as const;

/** SPEC §3 "Redirect result": redirect_data. */
export const RedirectData = z
  .object({
    url: UrlOrPath,
    method: z.enum(['GET', 'POST']),
    fields: z.record(ParameterName, z.string().check(z.maxLength(8192))),
  })
  .check(
    z.meta({
      id: 'RedirectData',
      description:
        'Where to send the player (SPEC §3 redirect_data): url, HTTP method and the form fields to post (empty for GET). A path is on the cashier-service host.',
    }),
  );
/** SPEC §3: redirect data. */
export type RedirectData = z.infer<typeof RedirectData>;

/** One copyable line of a display form (designed). */
export const CopyField = z
  .object({
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
    label: z.string().check(z.maxLength(200)),
    value: z.string().check(z.maxLength(500)),
  })
  .check(
    z.meta({
      id: 'CopyField',
      description:
        "A labelled value the player can copy (SPEC §2 display form copy-input; designed), e.g. the IBAN or the payment reference. name is the value's stable name as the provider gives it (wallet, amount, reference, iban, bic, beneficiary, bank, network…), by which the widget shows a label in the player's language; label is the provider's own wording, shown when the widget knows no label for the name.",
    }),
  );
/** The type of {@link CopyField}. */
export type CopyField = z.infer<typeof CopyField>;

/** SPEC §2 display form (QR code) data (designed). */
export const DisplayFormData = z
  .object({
    qr_payload: z.string().check(z.minLength(1), z.maxLength(4096)),
    expires_at: DateTime,
    reference: z.string().check(z.minLength(1), z.maxLength(100)),
    amount: Decimal,
    currency: Currency,
    copy_fields: z.array(CopyField),
  })
  .check(
    z.meta({
      id: 'DisplayFormData',
      description:
        'The display form of a display_form workflow (SPEC §2 /deposit/deposit-display-form: QR code with copy, download, copy-input and a made-payment button; shape designed): qr_payload is the text the QR code encodes, expires_at when it stops being payable, reference the payment reference, copy_fields the lines with copy buttons.',
    }),
  );
/** Display form data. */
export type DisplayFormData = z.infer<typeof DisplayFormData>;

/** A bet-shop cash voucher (designed). */
export const Voucher = z
  .object({
    code: z.string().check(z.minLength(1), z.maxLength(64)),
    bet_shop: z.nullable(BetShop),
    expires_at: DateTime,
    amount: Decimal,
    currency: Currency,
  })
  .check(
    z.meta({
      id: 'Voucher',
      description:
        'A cash voucher for a bet shop (SPEC §1 cash pick-up at a betting shop; designed): the code to show at the counter, the shop (null when any shop accepts it), until when it is valid, and the amount.',
    }),
  );
/** A voucher. */
export type Voucher = z.infer<typeof Voucher>;

/** SPEC §3 decline page settings (designed). */
export const DeclinePageSettings = z
  .object({
    retry: z.boolean(),
    change_method: z.boolean(),
    all_methods: z.boolean(),
    into_game: z.boolean(),
    message_key: z.nullable(z.string().check(z.maxLength(200))),
  })
  .check(
    z.meta({
      id: 'DeclinePageSettings',
      description:
        'Which buttons the decline page shows (SPEC §3 decline_page_settings; SPEC §2 result page: retry, change method, all methods, into-game) and an optional message key explaining the decline (designed).',
    }),
  );
/** The type of {@link DeclinePageSettings}. */
export type DeclinePageSettings = z.infer<typeof DeclinePageSettings>;

/** SPEC §3, §5: the tax figures of a transaction (designed). */
export const TaxFigures = z
  .object({
    non_taxable_amount: Decimal,
    tax_value: Decimal,
    amount_after_tax: Decimal,
    shown: z.boolean(),
  })
  .check(
    z.meta({
      id: 'TaxFigures',
      description:
        'The tax of a transaction by the brand\'s tax tiers (SPEC §3 "tax info per flow: non-taxable amount and tax value", §5 tax rule; designed): non_taxable_amount is the upper bound of the zero-rate tier, tax_value the tax withheld, amount_after_tax what the player receives (a withdrawal) or is credited (a deposit), all at the currency precision; shown is whether the widget shows the tax line (amount above the non-taxable amount and a tax above zero).',
    }),
  );
/** SPEC §3, §5: tax figures. */
export type TaxFigures = z.infer<typeof TaxFigures>;

/** SPEC §3 pay session: the answer of submit and 3ds-result. */
export const PaySession = z
  .object({
    session_id: z.string().check(z.minLength(1), z.maxLength(128)),
    transaction_id: TransactionId,
    step: SubmitStep,
    action: z._default(z.enum(REDIRECT_ACTIONS), 'redirect'),
    result_status: ResultStatus,
    session_status: z.enum(['active', 'completed']),
    transaction_status: TransactionStatus,
    experiment_user_group: z.nullable(z.string().check(z.maxLength(100))),
    decline_page_settings: z.nullable(DeclinePageSettings),
    error_fatal: z.boolean(),
    error_code: z.nullable(ErrorCode),
    error_message: z.nullable(z.string().check(z.maxLength(500))),
    success_url: z.nullable(UrlOrPath),
    fail_url: z.nullable(UrlOrPath),
    processing_url: z.nullable(UrlOrPath),
    merchant_url: z.nullable(UrlOrPath),
    redirect_data: z.nullable(RedirectData),
    display_form: z.nullable(DisplayFormData),
    voucher: z.nullable(Voucher),
    amount: Decimal,
    currency: Currency,
    user_balance: z.nullable(Decimal),
    tax: z.optional(TaxFigures),
  })
  .check(
    z.meta({
      id: 'PaySession',
      description:
        "The pay session a submit or 3ds-result answers (SPEC §3 pay session: session_id, action, result_status, session_status, transaction_status, experiment_user_group, decline_page_settings, error_fatal, success_url, fail_url, processing_url, merchant_url; plus designed fields). session_id is the payment session (not the cashier session). action is the redirect result action (SPEC §3 \"Redirect result\", default redirect): redirect navigates to redirect_data, iframe opens it inside the cashier (3-D Secure challenge), none means nothing to follow. step says which screen comes next (see SubmitStep); redirect_data, display_form and voucher are set for the steps that need them and null otherwise. A provider decline is a 200 answer with result_status error, transaction_status error and error_code 1301 (error_fatal true when retrying cannot help). user_balance is the player's balance after the request, as the wallet of record answers it: null when that wallet has not answered, or has not yet answered every movement the transaction owes it (a deposit's credit still queued for the operator's wallet), so no figure is shown that the wallet did not give; amount and currency echo the transaction. tax (designed; set by the withdrawal submit) carries the tax figures of the amount.",
    }),
  );
/** SPEC §3: a pay session (as parsed). */
export type PaySession = z.infer<typeof PaySession>;
/** SPEC §3: a pay session as sent (action optional). */
export type PaySessionInput = z.input<typeof PaySession>;

/** SPEC §5: the upload MIME types (pdf, heic, jpeg, png). */
export const UPLOAD_MIME_TYPES = [
  'application/pdf',
  'image/heic',
  'image/jpeg',
  'image/png',
] as const;

/** SPEC §7: the upload multipart form (documented for OpenAPI; servers read it with a multipart parser). */
export const UploadForm = z
  .object({
    file: z.file(),
    transaction_id: z.optional(TransactionId),
    field_name: z.optional(ParameterName),
  })
  .check(
    z.meta({
      id: 'UploadForm',
      description:
        'multipart/form-data of payments/groups/{payGroupId}/upload and payouts/groups/{payGroupId}/upload (SPEC §7; the body is not shown, designed): `file` is the document, pdf, heic, jpeg or png by its bytes, at most 20971520 bytes (SPEC §5, §9); transaction_id attaches it as the receipt of an awaiting bank transfer; field_name is the file_upload field it fills.',
    }),
  );

/** SPEC §7: the upload answer (designed). */
export const UploadResponse = z
  .object({
    document_id: OpaqueId,
    file_name: z.string().check(z.minLength(1), z.maxLength(255)),
    size: z.number().check(z.int(), z.gte(1), z.lte(20_971_520)),
    mime_type: z.enum(UPLOAD_MIME_TYPES),
    transaction_id: z.nullable(TransactionId),
  })
  .check(
    z.meta({
      id: 'UploadResponse',
      description:
        'The stored document (SPEC §7 upload; answer not shown, designed): its id (submitted as the file_upload field value), the file name as sent, size in bytes, the MIME type detected from the bytes, and the transaction it is the receipt of, if any.',
    }),
  );
/** SPEC §7: upload answer. */
export type UploadResponse = z.infer<typeof UploadResponse>;
