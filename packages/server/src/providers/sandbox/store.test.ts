import { describe, expect, it } from 'vitest';
import { MemorySandboxStore } from './memory-store';
import type { SandboxFirstCall, SandboxStore, SandboxTokenRecord } from './store';
import { testStore, useSandboxDatabase } from './test-support';

useSandboxDatabase();

const CARD = {
  last4: '0101',
  bin: '400000',
  expMonth: '12',
  expYear: '2031',
  holder: 'Ada Lovelace',
  cardType: 'visa',
} as const;

function firstCall(transactionId: string, ref: string, token?: SandboxTokenRecord) {
  const call: SandboxFirstCall = {
    transaction: {
      flow: 'deposit',
      transactionId,
      amount: '10.00',
      currency: 'EUR',
      outcome: { outcome: 'approved', providerRef: ref, cardToken: token?.token, card: CARD },
    },
    payment: {
      ref,
      details: {
        kind: 'card',
        transactionId,
        amount: '10.00',
        currency: 'EUR',
        payGroup: 'visa_mc',
        merchantName: 'Merchant',
        returnUrls: undefined,
        card: CARD,
        saveAs: undefined,
        betShop: undefined,
        reference: undefined,
      },
      resolution: undefined,
      cardToken: token?.token,
    },
    token,
  };
  return call;
}

function token(name: string): SandboxTokenRecord {
  return { token: name, behaviour: 'approved', card: CARD };
}

describe.each([
  ['the database store', (): SandboxStore => testStore()],
  ['the memory store', (): SandboxStore => new MemorySandboxStore()],
])('%s (the operations the sandbox provider relies on)', (_name, makeStore) => {
  it('keeps the first result of a transaction id; a second first call keeps nothing and is a repeat', async () => {
    const store = makeStore();
    const kept = await store.recordFirst(firstCall('tx-a', 'ref-a', token('tok-a')));
    expect(kept).toMatchObject({ transactionId: 'tx-a', flow: 'deposit', calls: 1 });
    const again = await store.recordFirst(firstCall('tx-a', 'ref-b', token('tok-b')));
    expect(again).toEqual({ ...kept, calls: 2 });
    expect(await store.payment('ref-b')).toBeUndefined();
    expect(await store.token('tok-b')).toBeUndefined();
    expect(await store.token('tok-a')).toEqual(token('tok-a'));
    // The first call's payment is kept as it was written, every column read back.
    expect(await store.payment('ref-a')).toEqual(
      firstCall('tx-a', 'ref-a', token('tok-a')).payment,
    );
    expect(await store.repeat('tx-a', 'deposit')).toMatchObject({ calls: 3 });
    // The other flow is answered as it is, not counted.
    expect(await store.repeat('tx-a', 'payout')).toMatchObject({ flow: 'deposit', calls: 3 });
    expect(await store.repeat('tx-new', 'deposit')).toBeUndefined();
    expect(await store.transaction('tx-a')).toMatchObject({ calls: 3 });
  });

  it('fixes a result once, and keeps a bare reference with it', async () => {
    const store = makeStore();
    await store.recordFirst(firstCall('tx-r', 'ref-r'));
    const first = await store.resolve('ref-r', { kind: 'declined', reason: 'cancelled' });
    expect(first).toMatchObject({
      applied: true,
      payment: { resolution: { kind: 'declined', reason: 'cancelled' } },
    });
    const second = await store.resolve('ref-r', { kind: 'settled' });
    expect(second).toEqual({ applied: false, payment: first.payment });
    expect((await store.payment('ref-r'))?.details?.card).toEqual(CARD);

    const bare = await store.resolve('ref-bare', { kind: 'cancelled' });
    expect(bare).toEqual({
      applied: true,
      payment: {
        ref: 'ref-bare',
        details: undefined,
        resolution: { kind: 'cancelled' },
        cardToken: undefined,
      },
    });
  });

  it('ties one token to a payment, and none to a payment it does not hold', async () => {
    const store = makeStore();
    await store.recordFirst(firstCall('tx-t', 'ref-t'));
    expect(await store.attachToken('ref-t', token('tok-1'))).toBe('tok-1');
    expect(await store.attachToken('ref-t', token('tok-2'))).toBe('tok-1');
    expect(await store.token('tok-2')).toBeUndefined();
    expect((await store.payment('ref-t'))?.cardToken).toBe('tok-1');
    expect(await store.attachToken('ref-unknown', token('tok-3'))).toBeUndefined();
    expect(await store.token('tok-3')).toBeUndefined();
  });

  it('calls of one shape each write their own values (the statement is built once per shape)', async () => {
    const store = makeStore();
    const other = { ...CARD, last4: '4242', holder: 'Grace Hopper' };
    const call = (
      id: string,
      amount: string,
      currency: string,
      card: typeof CARD | typeof other,
    ) => {
      const base = firstCall(id, `ref-${id}`, { ...token(`tok-${id}`), card });
      const details =
        base.payment.details === undefined
          ? undefined
          : { ...base.payment.details, amount, currency, card };
      return {
        ...base,
        transaction: { ...base.transaction, amount, currency },
        payment: { ...base.payment, details },
      };
    };
    await store.recordFirst(call('s1', '10.00', 'EUR', CARD));
    await store.recordFirst(call('s2', '77.50', 'USD', other));
    const activity = await store.activity();
    expect(
      activity.map(({ transactionId, amount, currency }) => [transactionId, amount, currency]),
    ).toEqual([
      ['s1', '10.00', 'EUR'],
      ['s2', '77.50', 'USD'],
    ]);
    const snapshot = await store.snapshot();
    expect(snapshot.tokens).toEqual([
      { ...token('tok-s1'), card: CARD },
      { ...token('tok-s2'), card: other },
    ]);
    expect((await store.payment('ref-s2'))?.details).toMatchObject({
      transactionId: 's2',
      amount: '77.50',
      currency: 'USD',
      card: other,
    });
    expect((await store.payment('ref-s1'))?.details).toMatchObject({
      transactionId: 's1',
      amount: '10.00',
      currency: 'EUR',
      card: CARD,
    });
  });

  it('lists the activity first seen first, and holds only summaries', async () => {
    const store = makeStore();
    await store.recordFirst(firstCall('tx-2', 'ref-2'));
    await store.recordFirst(firstCall('tx-1', 'ref-1', token('tok-x')));
    await store.repeat('tx-2', 'deposit');
    expect(await store.activity()).toEqual([
      {
        transactionId: 'tx-2',
        flow: 'deposit',
        amount: '10.00',
        currency: 'EUR',
        providerRef: 'ref-2',
        calls: 2,
      },
      {
        transactionId: 'tx-1',
        flow: 'deposit',
        amount: '10.00',
        currency: 'EUR',
        providerRef: 'ref-1',
        calls: 1,
      },
    ]);
    const snapshot = await store.snapshot();
    expect(snapshot.payments).toHaveLength(2);
    expect(snapshot.tokens).toEqual([token('tok-x')]);
  });
});
