import type { NativePayType } from '@cashdesk/domain';

/**
 * The wallets this widget can complete, handed to the domain's pay-group mapping
 * (`nativePayReady`), which offers no other wallet method. None today: the widget has no Apple Pay
 * or Google Pay flow. Through the Payment Request API, Apple Pay needs the merchant validated by
 * Apple with the operator's merchant certificate, and Google Pay needs Google's payment app and
 * a payment gateway to take the token; the sandbox reaches neither, so such a method could only
 * be a plain button that the server then refuses as a card payment without card details. An
 * operator's Apple Pay or Google Pay pay group is therefore left out, on every platform, until a
 * real flow (and a browser where `PaymentRequest.canMakePayment()` is true) can complete it.
 */
export const NATIVE_PAY_READY: readonly NativePayType[] = [];
