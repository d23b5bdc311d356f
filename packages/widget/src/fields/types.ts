/**
 * The fields <-> method page contract (SPEC §2 "Fields on method forms", §3 form field, §5
 * validation): what a method page passes to {@link FieldView} and {@link AmountSummary}.
 *
 * @packageDocumentation
 */
import type { BetShop, SavedCardWire } from '@cashdesk/contract';
import type {
  BonusInfo,
  CurrencyDisplayFormat,
  FieldValue,
  FormField,
  LostProfitTier,
  MerchantUserFee,
  TaxTier,
} from '@cashdesk/domain';

/**
 * A translatable field error: a message key of SPEC §8 or a server validationMsgKey, with the
 * values it interpolates. `message`, when the server gave its own text, is shown as-is (SPEC §5).
 */
export interface FieldError {
  readonly key: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly message?: string;
}

/** SPEC §5: the amount limits the amount field shows (decimal strings, null when not set). */
/** SPEC §3: the currency a method processes in, and its rate from the payment currency. */
export interface ProcessingCurrency {
  readonly alpha3: string;
  readonly rate: string;
}

export interface AmountContextLimits {
  readonly min: string | null;
  readonly max: string | null;
  /** SPEC §3 display_limits: whether the min/max hints are shown. */
  readonly displayLimits: boolean;
}

/** What the amount kind needs beyond the field (SPEC §2, §5). */
export interface AmountContext {
  readonly limits: AmountContextLimits;
  /** The amount blocks already resolved with the domain's resolveAmountBlocks (decimal strings). */
  readonly amountBlocks: readonly string[];
  /** The player's balance (withdrawal), decimal string. */
  readonly balance?: string | null;
  /** The method fee as received, e.g. '2%' (SPEC §5 fee). */
  readonly fee?: string | null;
  /** The merchant user fee, percentage plus fixed part (SPEC §3). */
  readonly merchantUserFee?: MerchantUserFee | null;
  /** The bonus that applies to the method, or null (SPEC §5 bonus). */
  readonly bonus?: BonusInfo | null;
  /** SPEC §3 lost-profit tiers when the method is the lost-profit one (deposits), else none. */
  readonly lostProfitTiers?: readonly LostProfitTier[] | null;
  /** A description of the bonus shown in the banner, when the server sent one. */
  readonly bonusDescription?: string | null;
  /** Tax tiers of the flow (SPEC §3, §5 tax), or null. */
  readonly taxTiers?: readonly TaxTier[] | null;
  /** How money is displayed (SPEC §3 currency_display_setting_id); 'amount-code' when absent. */
  readonly currencyDisplaySetting?: CurrencyDisplayFormat;
  /** Whether each amount block shows the bonus it would earn (SPEC §5). */
  readonly bonusInAmountBlock?: boolean;
  /** amount_reg_exp_fe of the method (validated by the method page, passed for completeness). */
  readonly amountRegExp?: string | null;
  /**
   * SPEC §3 processing_currency and processing_currency_rate, when show_processing_currency asks
   * for them and the currency is another: what the provider charges or pays in.
   */
  readonly processing?: ProcessingCurrency | null;
}

/** What the CVV kind needs (SPEC §5 CVV requirement by card type). */
export interface CvvContext {
  readonly required: boolean;
  readonly cardType: string | null;
}

/** The answer of an upload (SPEC §2 file upload). */
export type UploadResult =
  { readonly ok: true } | { readonly ok: false; readonly errorKey: string };

/** What field kinds need beyond the field itself. */
export interface FieldContext {
  readonly currency: string;
  readonly precision: number;
  readonly flow: 'deposit' | 'withdrawal';
  /** Only for the amount kind. */
  readonly amount?: AmountContext;
  /** Only for the CVV kind. */
  readonly cvv?: CvvContext;
  /** The player's country (ISO 3166 alpha-2) for the default phone country. */
  readonly phoneCountryIso?: string;
  /**
   * The bet shops of the method detail (`bet_shops`), for the betShop kind: it lists them with
   * their address and working hours. Without them it lists the field's own options.
   */
  readonly betShops?: readonly BetShop[];
  /** The file_upload kind posts the file through this (payments/groups/{id}/upload). */
  readonly onUpload?: (file: File) => Promise<UploadResult>;
  /**
   * The player's saved cards (GET /user-cards), for the card kind: it offers them and a new
   * card. Without them it is the picker of the field's own options.
   */
  readonly savedCards?: readonly SavedCardWire[];
  /** "Now" in epoch ms for expiry checks (tests); the current time when absent. */
  readonly now?: number;
}

/** Props of {@link FieldView}: one controlled form field (SPEC §2, §3). */
export interface FieldViewProps {
  readonly field: FormField;
  readonly value: FieldValue;
  readonly error: FieldError | null;
  readonly onChange: (value: FieldValue) => void;
  /** The method page runs on-blur validation (e.g. card number, SPEC §5). */
  readonly onBlur: () => void;
  /** The method page focuses the first invalid field through this. */
  readonly inputRef?: (element: HTMLElement | null) => void;
  readonly context: FieldContext;
}

/** Props of {@link AmountSummary}. */
export interface AmountSummaryProps {
  /** The raw amount (no grouping spaces). */
  readonly amount: string;
  readonly context: FieldContext;
}
