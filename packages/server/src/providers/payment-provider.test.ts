import { describe, expect, it } from 'vitest';
import { isPaymentMethodKind, redactDepositInput } from './payment-provider';
import { depositInput, newCard } from './sandbox/test-support';

describe('the payment provider boundary', () => {
  it.each([
    ['card', true],
    ['bet_shop', true],
    ['mobile', true],
    ['crypto', false],
    [1, false],
    [undefined, false],
  ])('isPaymentMethodKind(%j) is %s (SPEC §1 method kinds)', (value, expected) => {
    expect(isPaymentMethodKind(value)).toBe(expected);
  });

  it('makes a loggable copy of a deposit without the card number or security code', () => {
    const input = depositInput({
      transactionId: 'tx-1',
      fee: '0.25',
      total: '10.25',
      card: newCard('4000 0000 0000 0101', { cvv: '737' }),
      savedCardCvv: '123',
      saveCard: true,
    });
    const loggable = redactDepositInput(input);
    expect(loggable).toEqual({
      transactionId: 'tx-1',
      amount: '10.00',
      fee: '0.25',
      total: '10.25',
      currency: 'EUR',
      methodKind: 'card',
      payGroup: 'visa_mc',
      card: { last4: '0101', digits: 16 },
      savedCard: false,
      saveCard: true,
      playerId: 'player-1',
      country: 'LV',
    });
    const text = JSON.stringify(loggable);
    expect(text).not.toContain('4000000000000101');
    expect(text).not.toContain('737');
    expect(text).not.toContain('123');
  });

  it('says a saved card was used without logging its token', () => {
    const loggable = redactDepositInput(
      depositInput({ savedCardToken: 'sbxtok_a_' + '0'.repeat(32) }),
    );
    expect(loggable.savedCard).toBe(true);
    expect(loggable.card).toBeUndefined();
    expect(JSON.stringify(loggable)).not.toContain('sbxtok');
  });
});
