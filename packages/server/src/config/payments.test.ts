import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';

describe('payment timings', () => {
  it('a lease shorter than the provider time-out is refused', () => {
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '5000', PAYMENT_LEASE_MS: '5000' })).toThrow(
      /PAYMENT_LEASE_MS: must be longer than PROVIDER_TIMEOUT_MS/,
    );
  });
});
