import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';

describe('wallet: WALLET and OPERATOR_WALLET_*', () => {
  it("the operator's wallet needs its address and signing secret, and a call must fit in a lease", () => {
    expect(() => loadConfig({ WALLET: 'operator' })).toThrow(/OPERATOR_WALLET_URL: required/);
    expect(() =>
      loadConfig({ WALLET: 'operator', OPERATOR_WALLET_URL: 'https://wallet.example.com' }),
    ).toThrow(/OPERATOR_WALLET_SECRET: required/);
    expect(() =>
      loadConfig({
        WALLET: 'operator',
        OPERATOR_WALLET_URL: 'https://wallet.example.com',
        OPERATOR_WALLET_SECRET: 'short',
      }),
    ).toThrow(/at least 16 characters/);
    expect(() =>
      loadConfig({
        WALLET: 'operator',
        OPERATOR_WALLET_URL: 'https://wallet.example.com',
        OPERATOR_WALLET_SECRET: 'a-wallet-signing-secret',
        OPERATOR_WALLET_TIMEOUT_MS: '30000',
        PAYMENT_LEASE_MS: '30000',
      }),
    ).toThrow(/longer than OPERATOR_WALLET_TIMEOUT_MS/);
    expect(loadConfig({}).wallet).toEqual({ kind: 'internal' });
  });
});
