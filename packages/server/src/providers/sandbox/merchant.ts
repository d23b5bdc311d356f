/**
 * The sandbox's made-up merchant: the name its pages show, the bank account its transfers go to
 * and the wallet its QR codes pay. None of them is real.
 *
 * @packageDocumentation
 */
import type { BankDetails } from '../payment-provider';

/** The merchant name the sandbox's pages show when the deposit names none. */
export const SANDBOX_MERCHANT_NAME = 'Cashdesk sandbox merchant';

/** The account the sandbox's bank transfers go to: the ISO 13616 example IBAN, no real bank. */
export const SANDBOX_BANK: BankDetails = {
  beneficiary: 'Cashdesk Sandbox Ltd',
  bankName: 'Sandbox Bank (not a real account)',
  iban: 'GB82WEST12345698765432',
  bic: 'WESTGB2L',
};

/** The wallet id the sandbox's QR codes pay to, shown as a copy field. */
export const SANDBOX_WALLET = 'SANDBOX-WALLET-0001';
