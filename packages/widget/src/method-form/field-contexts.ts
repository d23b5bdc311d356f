/**
 * What each field of a method form gets beyond its definition (SPEC §2 fields on method forms),
 * for the deposit and the withdrawal forms alike: the amount's limits, blocks, fee, bonus, tax
 * and display (SPEC §5), the player's saved cards for a card field, the bet shops for a shop
 * picker, the profile country for a phone, and the upload call for a file.
 *
 * @packageDocumentation
 */
import type { DepositInitResponse, SavedCardWire } from '@cashdesk/contract';
import { currencyDisplayFormat, fieldKind, resolveAmountBlocks } from '@cashdesk/domain';
import type { FormField, Method } from '@cashdesk/domain';
import type { FieldContext, ProcessingCurrency, UploadResult } from '../fields';
import type { AnyMethodDetail, MethodForm } from './method-form';

/** What the contexts are built from. */
export interface FieldContextsInput {
  readonly form: MethodForm;
  readonly detail: AnyMethodDetail;
  readonly method: Method;
  readonly init: Pick<DepositInitResponse, 'tax' | 'widget_settings' | 'user_profile'>;
  /** SPEC §5: the balance a withdrawal may not exceed (withdrawals only). */
  readonly balance?: string;
  readonly cards: readonly SavedCardWire[];
  /** The upload handler of a file field (SPEC §2 file upload). */
  readonly uploadFor: (field: FormField) => (file: File) => Promise<UploadResult>;
}

/** The contexts of one form: the base every field gets, the amount's, and one per field. */
export interface FieldContexts {
  readonly base: FieldContext;
  readonly amount: FieldContext;
  readonly contextFor: (field: FormField) => FieldContext;
}

/**
 * SPEC §3: the method's processing currency when the player should see it: shown
 * (show_processing_currency), with a rate, and another currency than the payment's.
 */
function processingCurrencyOf(
  detail: FieldContextsInput['detail'],
  currency: string,
): ProcessingCurrency | null {
  const alpha3 = detail.processing_currency ?? null;
  const rate = detail.processing_currency_rate ?? null;
  if (detail.show_processing_currency !== true || alpha3 === null || rate === null) return null;
  return alpha3.toUpperCase() === currency.toUpperCase() ? null : { alpha3, rate };
}

/** SPEC §2, §5: the field contexts of a method form (see the module comment). */
export function fieldContexts(input: FieldContextsInput): FieldContexts {
  const { form, detail, method, init, cards } = input;
  const limits = {
    min: detail.limits.min_amount ?? null,
    max: detail.limits.max_amount ?? null,
  };
  const base: FieldContext = {
    currency: form.currency,
    precision: form.precision,
    flow: form.flow,
  };
  const amount: FieldContext = {
    ...base,
    amount: {
      limits: { ...limits, displayLimits: method.limits.displayLimits },
      amountBlocks: resolveAmountBlocks(
        detail.experiment_amount_blocks,
        detail.amount_blocks,
        limits,
      ),
      ...(input.balance === undefined ? {} : { balance: input.balance }),
      fee: detail.fee ?? method.fee ?? null,
      merchantUserFee: detail.merchant_user_fee ?? method.merchantUserFee ?? null,
      bonus: method.bonus?.info ?? null,
      bonusDescription: method.bonus?.description ?? null,
      // The lost-profit bonus its ribbon advertised: this method's deposits earn it (SPEC §5).
      lostProfitTiers: form.flow === 'deposit' ? method.lostProfitInfo : null,
      taxTiers: init.tax.tiers.length === 0 ? null : init.tax.tiers,
      currencyDisplaySetting: currencyDisplayFormat(
        init.widget_settings.currency_display_setting_id,
      ),
      bonusInAmountBlock: init.widget_settings.bonus_in_amount_block,
      amountRegExp: detail.amount_reg_exp_fe ?? null,
      processing: processingCurrencyOf(detail, form.currency),
    },
  };
  const contextFor = (field: FormField): FieldContext => {
    const kind = fieldKind(field);
    if (kind === 'card') return { ...base, savedCards: cards };
    if (kind === 'betShop' && detail.bet_shops !== undefined) {
      return { ...base, betShops: detail.bet_shops };
    }
    if (kind === 'phone' || kind === 'userPhoneVisible') {
      const country = init.user_profile.country;
      return country === null ? base : { ...base, phoneCountryIso: country };
    }
    if (kind === 'file_upload') return { ...base, onUpload: input.uploadFor(field) };
    return base;
  };
  return { base, amount, contextFor };
}
