/**
 * Apple Pay and Google Pay (SPEC §3 `native_pay_type`, §6 which platform shows which wallet),
 * paid through the browser's Payment Request API: the rules the widget and the server share.
 *
 * @packageDocumentation
 */
import { paymentCharges } from '../money/charges';
import type { ChargeInput } from '../money/charges';
import { isNativePayAvailable, parseNativePayType } from './map-method';
import type { PlatformContext } from './map-method';
import type { NativePayType } from './types';

/** Every wallet of SPEC §3, in the order the widget asks the browser about them. */
export const NATIVE_PAY_TYPES: readonly NativePayType[] = ['Apple', 'Google'];

/**
 * The Payment Request API's payment method identifier of each wallet: what `PaymentRequest` is
 * built with and what `canMakePayment()` is asked about.
 */
export const NATIVE_PAY_METHOD_IDS: Readonly<Record<NativePayType, string>> = {
  Apple: 'https://apple.com/apple-pay',
  Google: 'https://google.com/pay',
};

/** The wallet names a deposit submit carries (SPEC §3 `native_pay_type` as the seed writes it). */
export const NATIVE_PAY_WIRE_TYPES = ['apple_pay', 'google_pay'] as const;

/** One of {@link NATIVE_PAY_WIRE_TYPES}. */
export type NativePayWireType = (typeof NATIVE_PAY_WIRE_TYPES)[number];

const WIRE_OF: Readonly<Record<NativePayType, NativePayWireType>> = {
  Apple: 'apple_pay',
  Google: 'google_pay',
};

/** The wire name of a wallet ('Apple' → 'apple_pay'). */
export function nativePayWireType(type: NativePayType): NativePayWireType {
  return WIRE_OF[type];
}

/**
 * SPEC §3, §6: the wallet a pay group is paid with, from its `native_pay_type` (any spelling
 * {@link parseNativePayType} reads), as the wire name; `null` for an ordinary method. The server
 * checks with it that a submit's wallet is its pay group's.
 */
export function payGroupWallet(nativePayType: string | null | undefined): NativePayWireType | null {
  const type = parseNativePayType(nativePayType);
  return type === null ? null : WIRE_OF[type];
}

/**
 * SPEC §6: the wallets to ask the browser about: those of the listed pay groups (their
 * `native_pay_type`) that the platform may show, Apple Pay on iOS or native iOS and Google Pay
 * on Android or native Android; none elsewhere. The widget offers a wallet only when the browser
 * then says it can pay with it too.
 */
export function walletsToAsk(
  context: PlatformContext,
  nativePayTypes: readonly (string | null | undefined)[],
): readonly NativePayType[] {
  const listed = new Set(nativePayTypes.map(parseNativePayType));
  return NATIVE_PAY_TYPES.filter((type) => listed.has(type) && isNativePayAvailable(type, context));
}

/** A Payment Request API amount: ISO 4217 code and decimal text. */
export interface NativePayAmount {
  readonly currency: string;
  readonly value: string;
}

/**
 * SPEC §5: what the wallet's sheet shows and charges: the deposit's total (amount plus the
 * merchant user fee) by {@link paymentCharges}, the one rule the server charges by, as a decimal
 * string with exactly the currency's precision ('10.20', '1000' for a currency without decimals).
 * `null` when the amount is not a positive decimal.
 */
export function nativePayAmount(
  currency: string,
  input: Omit<ChargeInput, 'flow'>,
): NativePayAmount | null {
  const charges = paymentCharges({ ...input, flow: 'deposit' });
  return charges === null ? null : { currency, value: charges.total };
}
