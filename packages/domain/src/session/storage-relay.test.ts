import { describe, expect, it } from 'vitest';
import {
  isRelayedKey,
  MAX_RELAYED_VALUE_LENGTH,
  parseStorageRelayMessage,
  relayedValues,
  serializeStorageRelayMessage,
} from './storage-relay';

describe('the storage relay messages (SPEC §7 storage keys in a cross-site frame)', () => {
  it('SPEC §7: reads back what it writes, from the text or the object', () => {
    const set = {
      type: 'storage-set',
      area: 'local',
      key: 'airPmCashierLang',
      value: 'ar-brand0',
    } as const;
    const text = serializeStorageRelayMessage(set);
    expect(parseStorageRelayMessage(text)).toEqual(set);
    expect(parseStorageRelayMessage(JSON.parse(text))).toEqual(set);
    expect(parseStorageRelayMessage(serializeStorageRelayMessage({ type: 'storage-get' }))).toEqual(
      {
        type: 'storage-get',
      },
    );
  });

  it('SPEC §7: relays the spec keys only, each in its own area', () => {
    expect(isRelayedKey('local', 'phPrevSessionIdData')).toBe(true);
    expect(isRelayedKey('session', 'phSelectedMethodId')).toBe(true);
    expect(isRelayedKey('local', 'pam_new_account')).toBe(false);
    expect(isRelayedKey('local', 'phRtlAssets')).toBe(false);
    expect(isRelayedKey('local', '__proto__')).toBe(false);
  });

  it.each([
    ['another target', { target: 'cashier', type: 'storage-get' }],
    ['an unknown type', { target: 'cashdesk-storage', type: 'storage-clear' }],
    [
      'a key the relay does not keep',
      { target: 'cashdesk-storage', type: 'storage-set', area: 'local', key: 'x', value: '1' },
    ],
    [
      'an unknown area',
      {
        target: 'cashdesk-storage',
        type: 'storage-set',
        area: 'cookie',
        key: 'airPmCashierLang',
        value: 'en',
      },
    ],
    [
      'a value that is not text',
      {
        target: 'cashdesk-storage',
        type: 'storage-set',
        area: 'local',
        key: 'airPmCashierLang',
        value: 5,
      },
    ],
    [
      'a value too long',
      {
        target: 'cashdesk-storage',
        type: 'storage-set',
        area: 'local',
        key: 'airPmCashierLang',
        value: 'x'.repeat(MAX_RELAYED_VALUE_LENGTH + 1),
      },
    ],
    ['broken JSON', '{"target":"cashdesk-storage",'],
    ['nothing', null],
  ])('SPEC §7: refuses %s', (_name, data) => {
    expect(parseStorageRelayMessage(data)).toBeNull();
  });

  it('SPEC §7: a snapshot keeps only the relayed keys of each area with short text values', () => {
    expect(
      relayedValues('local', {
        airPmCashierLang: 'uk',
        local_theme: 7,
        pam_new_account: '12',
        phPrevSessionIdData: 'x'.repeat(MAX_RELAYED_VALUE_LENGTH + 1),
      }),
    ).toEqual({ airPmCashierLang: 'uk' });
    expect(relayedValues('session', ['phSelectedMethodId'])).toEqual({});
    expect(
      parseStorageRelayMessage({
        target: 'cashdesk-storage',
        type: 'storage-snapshot',
        local: 'nope',
        session: { pam_new_account: '12' },
      }),
    ).toEqual({ type: 'storage-snapshot', local: {}, session: { pam_new_account: '12' } });
  });
});
