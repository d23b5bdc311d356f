/**
 * The key of a payout account's requisites (first-payout.ts): one account however its value is
 * spaced or cased, and whatever order its requisites come in; another value or type is another
 * account.
 */
import { describe, expect, it } from 'vitest';
import { payoutAccountKey } from './first-payout';

describe('payoutAccountKey', () => {
  it('SPEC §3: the same IBAN with spaces or in lower case is the same account', () => {
    const key = payoutAccountKey([['3', 'DE89370400440532013000']]);
    expect(payoutAccountKey([['3', 'de89 3704 0044 0532 0130 00']])).toBe(key);
    expect(payoutAccountKey([['3', ' DE89370400440532013000\t']])).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('DE89');
  });

  it('SPEC §3: another value, another requisite type, or one more requisite is another account', () => {
    const key = payoutAccountKey([['3', 'DE89370400440532013000']]);
    expect(payoutAccountKey([['3', 'DE89370400440532013001']])).not.toBe(key);
    expect(payoutAccountKey([['2', 'DE89370400440532013000']])).not.toBe(key);
    expect(
      payoutAccountKey([
        ['3', 'DE89370400440532013000'],
        ['4', 'COBADEFFXXX'],
      ]),
    ).not.toBe(key);
  });

  it('does not depend on the order the requisites come in', () => {
    expect(
      payoutAccountKey([
        ['4', 'COBADEFFXXX'],
        ['3', 'DE89370400440532013000'],
      ]),
    ).toBe(
      payoutAccountKey([
        ['3', 'DE89370400440532013000'],
        ['4', 'COBADEFFXXX'],
      ]),
    );
  });
});
