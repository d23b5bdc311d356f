/**
 * The fee model's worked cases (SPEC §3 currencies[0].fee and merchant_user_fee, SPEC §5 fee):
 * one table, its figures written by hand from docs/fees.md, that the domain's charges, the
 * widget's amount summary and the server's charges are each checked against, so the player is
 * shown exactly what the server charges and the operator is told exactly what it bears.
 *
 * @packageDocumentation
 */
import type { PaymentFlow } from '../routing/page-kind';

/** One worked case of the fee model. */
export interface FeeModelCase {
  /** What the case shows, for test names. */
  readonly name: string;
  readonly flow: PaymentFlow;
  readonly currency: string;
  /** Currency precision (SPEC §3 currencies[0].precision). */
  readonly precision: number;
  /** The amount the player asks for, at the currency precision. */
  readonly amount: string;
  /** The method fee as configured (SPEC §3 currencies[].fee), e.g. '2%'; null: none. */
  readonly methodFee: string | null;
  /** The merchant user fee as configured (SPEC §3 merchant_user_fee); null: none. */
  readonly merchantUserFee: {
    readonly percentage: string | null;
    readonly fix: string | null;
  } | null;
  /** The figures, at the currency precision. */
  readonly expected: {
    /** What the operator absorbs (never charged to the player). */
    readonly methodFee: string;
    /** What the player pays in fees. */
    readonly fee: string;
    /** Deposit: what the player pays (amount + fee); withdrawal: what leaves the balance. */
    readonly total: string;
    /** Deposit: what reaches the balance; withdrawal: what the player receives (amount − fee). */
    readonly net: string;
  };
}

/** The worked cases of docs/fees.md, in its order. */
export const FEE_MODEL_CASES: readonly FeeModelCase[] = [
  {
    name: '2 % method fee and 2 % merchant user fee on a 10.00 EUR deposit: the player pays 0.20, not 0.40',
    flow: 'deposit',
    currency: 'EUR',
    precision: 2,
    amount: '10.00',
    methodFee: '2%',
    merchantUserFee: { percentage: '2', fix: null },
    expected: { methodFee: '0.20', fee: '0.20', total: '10.20', net: '10.00' },
  },
  {
    name: 'merchant user fee 1.5 % + 0.25 on a 50.00 EUR deposit, no method fee',
    flow: 'deposit',
    currency: 'EUR',
    precision: 2,
    amount: '50.00',
    methodFee: '0%',
    merchantUserFee: { percentage: '1.5', fix: '0.25' },
    expected: { methodFee: '0.00', fee: '1.00', total: '51.00', net: '50.00' },
  },
  {
    name: 'a method fee alone is never charged to the player: 2 % of a 100.00 EUR deposit',
    flow: 'deposit',
    currency: 'EUR',
    precision: 2,
    amount: '100.00',
    methodFee: '2%',
    merchantUserFee: null,
    expected: { methodFee: '2.00', fee: '0.00', total: '100.00', net: '100.00' },
  },
  {
    name: 'rounded half up to the cent: 2 % of 12.34 EUR is 0.2468 → 0.25',
    flow: 'deposit',
    currency: 'EUR',
    precision: 2,
    amount: '12.34',
    methodFee: '2%',
    merchantUserFee: { percentage: '2', fix: null },
    expected: { methodFee: '0.25', fee: '0.25', total: '12.59', net: '12.34' },
  },
  {
    name: 'an exact half cent rounds up: 1 % of 12.50 EUR is 0.125 → 0.13',
    flow: 'deposit',
    currency: 'EUR',
    precision: 2,
    amount: '12.50',
    methodFee: null,
    merchantUserFee: { percentage: '1', fix: null },
    expected: { methodFee: '0.00', fee: '0.13', total: '12.63', net: '12.50' },
  },
  {
    name: 'a currency without decimals: 2 % of 1234 JPY is 24.68 → 25; the 1 % method fee 12.34 → 12',
    flow: 'deposit',
    currency: 'JPY',
    precision: 0,
    amount: '1234',
    methodFee: '1%',
    merchantUserFee: { percentage: '2', fix: null },
    expected: { methodFee: '12', fee: '25', total: '1259', net: '1234' },
  },
  {
    name: 'a fixed part counts at the currency precision: 1.5 % of 1030 JPY + 0.25 (0 yen) is 15.45 → 15',
    flow: 'deposit',
    currency: 'JPY',
    precision: 0,
    amount: '1030',
    methodFee: '0%',
    merchantUserFee: { percentage: '1.5', fix: '0.25' },
    expected: { methodFee: '0', fee: '15', total: '1045', net: '1030' },
  },
  {
    name: 'a withdrawal: the merchant user fee 2 % + 0.50 is taken from 150.00 EUR, the 1 % method fee is not',
    flow: 'withdrawal',
    currency: 'EUR',
    precision: 2,
    amount: '150.00',
    methodFee: '1%',
    merchantUserFee: { percentage: '2', fix: '0.50' },
    expected: { methodFee: '1.50', fee: '3.50', total: '150.00', net: '146.50' },
  },
  {
    name: '2 % method fee and 2 % merchant user fee on a 10.00 EUR withdrawal: the player receives 9.80',
    flow: 'withdrawal',
    currency: 'EUR',
    precision: 2,
    amount: '10.00',
    methodFee: '2%',
    merchantUserFee: { percentage: '2', fix: null },
    expected: { methodFee: '0.20', fee: '0.20', total: '10.00', net: '9.80' },
  },
];
