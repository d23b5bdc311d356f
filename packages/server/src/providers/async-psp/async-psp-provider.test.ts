import { describe, expect, it } from 'vitest';
import { signatureHeaders } from '../../http/signing';
import { AsyncPspProvider, statusOfPayment } from './async-psp-provider';
import { toMajor, toMinor } from './protocol';
import type { Payment } from './protocol';

const now = new Date('2030-01-15T12:00:00Z');
const secret = 'unit-test-webhook-secret';

function provider(secrets: readonly string[] = [secret]): AsyncPspProvider {
  return new AsyncPspProvider({
    baseUrl: 'http://127.0.0.1:1',
    webhookSecrets: secrets,
    notificationUrl: 'http://127.0.0.1:2/api/providers/psp/webhook',
    timeoutMs: 1000,
  });
}

const payment: Payment = {
  payment_id: 'psp_1',
  merchant_reference: '0b7c2f34-7a51-4a0b-9a55-4f3a0e6f3b11',
  direction: 'pay_in',
  amount: { value: 2020, currency: 'EUR' },
  state: 'succeeded',
  failure_code: null,
  settle_within_s: null,
};

describe('the async PSP connector', () => {
  it('converts decimal amounts to minor units and back by the currency exponent', () => {
    expect(toMinor('20.20', 'EUR')).toBe(2020);
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(toMinor('1.5', 'JPY')).toBeNull();
    expect(toMinor('10.001', 'EUR')).toBeNull();
    expect(toMinor('-1', 'EUR')).toBeNull();
    expect(toMajor({ value: 2020, currency: 'EUR' })).toBe('20.20');
    expect(toMajor({ value: 1234, currency: 'KWD' })).toBe('1.234');
  });

  it('maps states: received pending, refunded still approved, failures to decline reasons', () => {
    expect(statusOfPayment({ ...payment, state: 'received', settle_within_s: 30 }, now)).toEqual({
      status: 'pending',
      providerRef: 'psp_1',
      step: 'await',
      settlesAt: new Date('2030-01-15T12:00:30Z'),
    });
    expect(statusOfPayment({ ...payment, state: 'refunded' }, now).status).toBe('approved');
    expect(
      statusOfPayment({ ...payment, state: 'failed', failure_code: 'insufficient_funds' }, now),
    ).toEqual({ status: 'declined', providerRef: 'psp_1', reason: 'insufficient_funds' });
    expect(statusOfPayment({ ...payment, state: 'failed', failure_code: 'new_code' }, now)).toEqual(
      { status: 'declined', providerRef: 'psp_1', reason: 'declined' },
    );
  });

  it('declines what it does not take without calling the PSP', async () => {
    const input = {
      transactionId: payment.merchant_reference,
      amount: '10',
      fee: '0',
      total: '10',
      currency: 'EUR',
      payGroup: 'card',
      customer: { playerId: 'p', country: 'DE' },
      returnUrls: { threeDsReturn: '/', success: '/', fail: '/' },
    } as const;
    // The PSP's address refuses connections: a call would throw, a decline does not.
    await expect(
      provider().authorizeDeposit({ ...input, methodKind: 'card' }, now),
    ).resolves.toEqual({ outcome: 'declined', reason: 'unsupported' });
    await expect(
      provider().authorizeDeposit({ ...input, methodKind: 'mobile', total: '10.005' }, now),
    ).resolves.toEqual({ outcome: 'declined', reason: 'invalid_amount' });
  });

  it('reads a signed webhook; refuses a bad signature and a signed body off the protocol', () => {
    const body = JSON.stringify({
      event_id: 'evt_1',
      event_type: 'payment.refunded',
      occurred_at: now.toISOString(),
      payment: { ...payment, state: 'refunded' },
      amount: { value: 2020, currency: 'EUR' },
    });
    const signed = signatureHeaders({ keyId: 'k', secret }, body, now);
    expect(
      provider(['old-secret-of-length', secret]).webhook.verify(
        { headers: signed, rawBody: body },
        now,
      ),
    ).toEqual({
      valid: true,
      notifications: [
        {
          kind: 'refund',
          transactionId: payment.merchant_reference,
          providerRef: 'psp_1',
          eventId: 'evt_1',
          amount: '20.20',
          currency: 'EUR',
        },
      ],
    });
    expect(
      provider(['another-secret-entirely']).webhook.verify({ headers: signed, rawBody: body }, now),
    ).toMatchObject({
      valid: false,
      problem: 'signature',
    });
    const odd = '{"event_id":"evt_2"}';
    expect(
      provider().webhook.verify(
        { headers: signatureHeaders({ keyId: 'k', secret }, odd, now), rawBody: odd },
        now,
      ),
    ).toMatchObject({ valid: false, problem: 'malformed' });
  });
});
