/**
 * The accounts module. What a player keeps with the cashier: saved cards (cards.ts,
 * card-saving.ts), payout accounts and their verification by one-time code (payout-accounts.ts,
 * payout-account-otp.ts), the one-time codes themselves and their senders (otp.ts, otp-senders/),
 * contacts and their masking (contacts.ts); routes: account management and the player's cards.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { saveCard } from './card-saving';
export { findSavedCard, toSavedCardWire } from './cards';
export { maskContact, maskEmail, maskPhone } from './contacts';
export { createOtpSender } from './otp-senders/create-otp-sender';
export { HttpOtpSender } from './otp-senders/http-sender';
export type { HttpOtpSenderOptions } from './otp-senders/http-sender';
export { OtpNotSentError, notSentReason, otpMessage } from './otp-senders/otp-sender';
export type { OtpLog, OtpMessage, OtpNotSentReason, OtpSender } from './otp-senders/otp-sender';
export {
  DEFAULT_OTP_POLICY,
  OTP_CODE_DIGITS,
  checkCode,
  handOverCode,
  secondsUntil,
  sendCode,
} from './otp';
export type { ChallengeRequest, OtpPolicy } from './otp';
export { verificationBlock } from './payout-account-otp';
export { LABEL_KEY, findPlayerPayoutAccount } from './payout-accounts';
