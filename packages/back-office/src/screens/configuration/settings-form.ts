/**
 * The settings screen's form: the brand's settings as typed, and what of them differs from the
 * saved ones as PATCH /settings takes it (only what changed). The server checks every value and
 * refuses a bad one naming its field; nothing here second-guesses it.
 */
import type { Settings, SettingsChange } from '../../api/configuration';

/** How the merchant addresses open (the contract's MERCHANT_REDIRECT_TYPES). */
export type RedirectType = Settings['merchant_redirect_type'];

/** The settings the screen edits, as typed. */
export interface SettingsForm {
  /** One origin per line. */
  readonly allowed_host_origins: string;
  readonly support_url: string;
  readonly merchant_url: string;
  readonly merchant_success_url: string;
  readonly merchant_fail_url: string;
  readonly merchant_processing_url: string;
  readonly merchant_redirect_type: RedirectType;
  readonly success_page_redirect_timeout: string;
  readonly processing_page_redirect_timeout: string;
  /** `1` to `4`. */
  readonly currency_display_setting_id: string;
  readonly bonus_in_amount_block: boolean;
  readonly country_filtering_enabled: boolean;
  /** One feature name per line. */
  readonly cashier_features: string;
  readonly wager_rule_enabled: boolean;
  /** widget_settings.show_pci_dss_logo (absent: not shown). */
  readonly show_pci_dss_logo: boolean;
  /** widget_settings.logo_sizes (both empty: none, the widget's default). */
  readonly logo_height: string;
  readonly logo_width: string;
}

/** The lines of a text area that hold something, trimmed. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * A whole number as typed; anything else is NaN, which the request carries as null for the
 * server to refuse naming the field (an empty field is not 0).
 */
const whole = (value: string): number => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN);

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** A size of widget_settings.logo_sizes as saved, or empty. */
function sizeOf(sizes: unknown, side: 'height' | 'width'): string {
  if (typeof sizes !== 'object' || sizes === null) return '';
  const value: unknown = Reflect.get(sizes, side);
  return typeof value === 'number' ? String(value) : '';
}

export function formOf(settings: Settings): SettingsForm {
  const widget = settings.widget_settings;
  return {
    allowed_host_origins: settings.allowed_host_origins.join('\n'),
    support_url: settings.support_url ?? '',
    merchant_url: settings.merchant_url ?? '',
    merchant_success_url: settings.merchant_success_url ?? '',
    merchant_fail_url: settings.merchant_fail_url ?? '',
    merchant_processing_url: settings.merchant_processing_url ?? '',
    merchant_redirect_type: settings.merchant_redirect_type,
    success_page_redirect_timeout: String(settings.success_page_redirect_timeout),
    processing_page_redirect_timeout: String(settings.processing_page_redirect_timeout),
    currency_display_setting_id: String(settings.currency_display_setting_id),
    bonus_in_amount_block: settings.bonus_in_amount_block,
    country_filtering_enabled: settings.country_filtering_enabled,
    cashier_features: settings.cashier_features.join('\n'),
    wager_rule_enabled: settings.wager_rule_enabled,
    show_pci_dss_logo: widget.show_pci_dss_logo === true,
    logo_height: sizeOf(widget.logo_sizes, 'height'),
    logo_width: sizeOf(widget.logo_sizes, 'width'),
  };
}

/**
 * The brand's widget settings with what the screen changed of its two (`before` is the saved
 * form); every other key, and one of the two left as it was, stays as saved (PATCH replaces
 * widget_settings as a whole).
 */
function widgetSettingsOf(
  saved: Settings,
  before: SettingsForm,
  form: SettingsForm,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...saved.widget_settings };
  if (form.show_pci_dss_logo !== before.show_pci_dss_logo) {
    next.show_pci_dss_logo = form.show_pci_dss_logo;
  }
  const height = form.logo_height.trim();
  const width = form.logo_width.trim();
  if (height === before.logo_height && width === before.logo_width) return next;
  if (height === '' && width === '') delete next.logo_sizes;
  else next.logo_sizes = { height: whole(height), width: whole(width) };
  return next;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What differs from the saved settings, as PATCH /settings takes it. */
export function changeOf(saved: Settings, form: SettingsForm): SettingsChange {
  const change: Mutable<SettingsChange> = {};
  const origins = linesOf(form.allowed_host_origins);
  if (!sameList(origins, saved.allowed_host_origins)) change.allowed_host_origins = origins;
  for (const name of [
    'support_url',
    'merchant_url',
    'merchant_success_url',
    'merchant_fail_url',
    'merchant_processing_url',
  ] as const) {
    const value = text(form[name]);
    if (value !== saved[name]) change[name] = value;
  }
  if (form.merchant_redirect_type !== saved.merchant_redirect_type) {
    change.merchant_redirect_type = form.merchant_redirect_type;
  }
  for (const name of [
    'success_page_redirect_timeout',
    'processing_page_redirect_timeout',
    'currency_display_setting_id',
  ] as const) {
    const value = whole(form[name]);
    if (value !== saved[name]) change[name] = value;
  }
  for (const name of [
    'bonus_in_amount_block',
    'country_filtering_enabled',
    'wager_rule_enabled',
  ] as const) {
    if (form[name] !== saved[name]) change[name] = form[name];
  }
  const features = linesOf(form.cashier_features);
  if (!sameList(features, saved.cashier_features)) change.cashier_features = features;
  const before = formOf(saved);
  const widget = widgetSettingsOf(saved, before, form);
  if (JSON.stringify(widget) !== JSON.stringify(saved.widget_settings)) {
    change.widget_settings = widget;
  }
  return change;
}
