/**
 * Business constants and limits of SPEC §9, named once so that no rule repeats a literal.
 * Where the spec says a value "is not shown" it is not invented here.
 *
 * @packageDocumentation
 */

/** SPEC §4, §9: how many quick-suggestion methods are offered. */
export const QUICK_SUGGESTION_LIMIT = 2;
/** SPEC §4, §9: how many previous sessions are remembered in local storage. */
export const PREVIOUS_SESSIONS_LIMIT = 10;
/** SPEC §4, §9: most methods shown in the carousel. */
export const CAROUSEL_LIMIT = 5;
/** SPEC §4, §9: above this many hours left, a restriction shows date and time. */
export const RESTRICTION_BIG_THRESHOLD_HOURS = 12;
/** SPEC §4, §9: under this many hours left, a restriction shows minutes left. */
export const RESTRICTION_SMALL_THRESHOLD_HOURS = 1;

/**
 * SPEC §5, §9: the card number's "max 19": of digits (card numbers run to 19 digits,
 * Visa 18 and 19, Maestro 12 to 19, UnionPay 16 to 19). The display grows with its grouping
 * spaces, to 23 characters.
 */
export const CARD_NUMBER_MAX_DIGITS = 19;
/** SPEC §5, §9: default CVV length. */
export const CVV_DEFAULT_LENGTH = 3;
/** SPEC §5, §9: expiry month and year fields are each this many characters. */
export const EXPIRY_PART_LENGTH = 2;
/** SPEC §5, §9: the MM/YY expiry input is at most this long. */
export const EXPIRY_INPUT_MAX = 5;
/** SPEC §5, §9: cardholder name length limit. */
export const CARDHOLDER_NAME_MAX = 255;
/** SPEC §5, §9: a card's expiry year may be at most this many years ahead. */
export const CARD_YEAR_MAX_AHEAD = 19;
/** SPEC §5: two-digit years above this are 19xx, otherwise 20xx. */
export const TWO_DIGIT_YEAR_PIVOT = 68;
/** SPEC §5, §9: default integer digits of an amount. */
export const AMOUNT_INTEGER_DIGITS = 12;
/** SPEC §5, §9: default decimal digits of an amount. */
export const AMOUNT_DECIMAL_DIGITS = 10;
/** SPEC §5, §9: largest uploaded file, in bytes (20 MB). */
export const FILE_MAX_BYTES = 20_971_520;
/** SPEC §5: accepted upload types. */
export const FILE_ACCEPTED_TYPES = ['pdf', 'heic', 'jpeg', 'png'] as const;
/** SPEC §5: shortest accepted postal code. */
export const POSTAL_CODE_MIN_LENGTH = 3;
/** SPEC §5: a text counter at or above this shows 99+. */
export const TEXT_COUNTER_CAP = 100;

/** SPEC §4, §9: debounce before a changed amount is reported. */
export const AMOUNT_CHANGE_DEBOUNCE_MS = 1000;
/** SPEC §2, §9: how long the copy success or failure toast stays. */
export const COPY_TOAST_MS = 2000;
/** SPEC §9: the long timeout L. */
export const TIMEOUT_LONG_MS = 900_000;
/** SPEC §9: the short timeout S. */
export const TIMEOUT_SHORT_MS = 300_000;
/** SPEC §9: timers are capped at the largest delay a JavaScript timer accepts. */
export const TIMER_CAP_MS = 2_147_483_647;
/** SPEC §9: default page size. */
export const DEFAULT_PAGE_SIZE = 10;

/** SPEC §9: default success_page_redirect_timeout, in seconds. */
export const DEFAULT_SUCCESS_PAGE_REDIRECT_TIMEOUT_S = 30;
/** SPEC §9: default logo size. */
export const DEFAULT_LOGO_SIZE = { height: 40, width: 40 } as const;
/** SPEC §1, §9: default theme. */
export const DEFAULT_THEME = 'brand0';
/** SPEC §2, §9: default language. */
export const DEFAULT_LANGUAGE = 'en';
/** SPEC §2, §9: the brand shown when the `lang` parameter names none (`lang=en`). */
export const DEFAULT_BRAND_SHOWN = 'COM';
/**
 * SPEC §9: partner codes (the brand part of `lang`, `en-SPX`) and the brand each stands for: one
 * to brand6, one to brand1, two to brand8. The spec names the brands but not the codes; these are
 * the product's (docs/decisions/0119-spec-points-built.md).
 */
export const PARTNER_BRANDS: Readonly<Record<string, string>> = {
  SPX: 'brand6',
  LVB: 'brand1',
  CSN: 'brand8',
  CSM: 'brand8',
};
/**
 * SPEC §9: the one brand excluded from a display option: brand32 is never shown the method
 * carousel (docs/decisions/0119-spec-points-built.md).
 */
export const BRAND_WITHOUT_CAROUSEL = 'brand32';
/** SPEC §5, §9: last-resort default deposit amount. */
export const DEFAULT_DEPOSIT_AMOUNT = '1';

/** SPEC §9: modal default desktop width, px. */
export const MODAL_DESKTOP_WIDTH_PX = 474;
/** SPEC §9: modal minimum height, px. */
export const MODAL_MIN_HEIGHT_PX = 404;
/** SPEC §9: widths at or below this are mobile layouts. */
export const MOBILE_MAX_WIDTH_PX = 1023;
/** SPEC §9: widths under this are small screens. */
export const SMALL_SCREEN_WIDTH_PX = 600;
/** SPEC §2, §9: tooltip limits. */
export const TOOLTIP_MAX_WIDTH_PX = 328;
export const TOOLTIP_TITLE_MAX = 60;
export const TOOLTIP_TEXT_MAX = 160;

/** SPEC §9: icon sizes. */
export const ICON_SIZE_DEFAULT = 24;
export const ICON_SIZE_REGULAR_BUTTON = 20;
export const ICON_SIZE_LOW = 16;
/** SPEC §9: a low button's label is truncated at this many characters. */
export const LOW_BUTTON_LABEL_MAX = 20;
/** SPEC §9: ripple animation length. */
export const RIPPLE_MS = 600;
/** SPEC §9: separator between method subtitle and summary parts. */
export const SUMMARY_SEPARATOR = ' • ';

/** SPEC §8, §9: icon loading retries on HTTP 400. */
export const ICON_RETRY_COUNT = 3;
export const ICON_RETRY_DELAY_MS = 500;

/** SPEC §9: realtime client timings. */
export const REALTIME = {
  reconnectMinDelayMs: 500,
  reconnectMaxDelayMs: 20_000,
  backoffExponentCap: 31,
  requestTimeoutMs: 5000,
  serverPingGraceMs: 10_000,
  tokenRefreshRetryMinMs: 5000,
  tokenRefreshRetryMaxMs: 10_000,
  resubscribeMinDelayMs: 500,
  resubscribeMaxDelayMs: 20_000,
} as const;

/** SPEC §9: analytics limits. */
export const ANALYTICS = {
  maxPostBytes: 40_000,
  queueSize: 1000,
  connectionTimeoutMs: 5000,
  sessionTimeoutS: 1800,
  cookieLifetimeS: 63_072_000,
  transportMaxBytes: 60_000,
} as const;

/**
 * SPEC §9: the chance that a page load reports how the fingerprint loaded (one load in a thousand),
 * so the load is watched without a report from every player.
 */
export const FINGERPRINT_LOAD_MONITORING_CHANCE = 0.001;

/** SPEC §9: chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** SPEC §9: interaction delay thresholds. */
export const INTERACTION_DELAY_THRESHOLDS_MS = [100, 300] as const;
/** SPEC §7, §9: unused query data is kept this long. */
export const QUERY_KEEP_UNUSED_S = 60;
/** SPEC §9: error reporting. */
export const ERROR_REPORTING = { traceSampleRate: 0.9, breadcrumbs: 20 } as const;
