import { describe, expect, it } from 'vitest';
import {
  balanceChannel,
  notificationsChannel,
  parseRealtimeChannel,
  transactionsChannel,
} from './channels';

describe('realtime channel names (SPEC §4)', () => {
  it('names the session channels by the channel key and the balance by the player', () => {
    expect(transactionsChannel('k_1')).toBe('cashier:transactions#k_1');
    expect(notificationsChannel('k_1')).toBe('cashier:notifications#k_1');
    expect(balanceChannel('player-7')).toBe('cashier:balance#player-7');
  });

  it('reads a name back to its kind and owner, and nothing from a name that is not ours', () => {
    expect(parseRealtimeChannel(transactionsChannel('k_1'))).toEqual({
      kind: 'transactions',
      owner: 'k_1',
    });
    expect(parseRealtimeChannel(balanceChannel('p'))).toEqual({ kind: 'balance', owner: 'p' });
    expect(parseRealtimeChannel('cashier:other#k_1')).toBeNull();
    expect(parseRealtimeChannel('cashier:balance#')).toBeNull();
    expect(parseRealtimeChannel('cashier:balance#a b')).toBeNull();
    expect(parseRealtimeChannel(`cashier:balance#${'a'.repeat(65)}`)).toBeNull();
  });
});
