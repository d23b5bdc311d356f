import { describe, expect, it } from 'vitest';
import { HttpPaymentProvider } from '@cashdesk/server';
import type { PaymentProvider } from '@cashdesk/server';
import { startSimulatorProcess } from './simulator-process';

const NOW = new Date('2030-01-15T12:00:00.000Z');

/** A 10.00 EUR deposit by a sandbox test card that is approved without a challenge. */
const DEPOSIT: Parameters<PaymentProvider['authorizeDeposit']>[0] = {
  transactionId: 'tx-process-1',
  amount: '10.00',
  fee: '0',
  total: '10.00',
  currency: 'EUR',
  methodKind: 'card',
  payGroup: 'visa_mc',
  card: {
    pan: '4000000000000101',
    cvv: '737',
    expMonth: '12',
    expYear: '31',
    holder: 'Ada Lovelace',
  },
  customer: { playerId: 'player-1', country: 'LV', email: 'ada@example.test' },
  returnUrls: {
    threeDsReturn: 'https://cashier.example.test/3ds_result?transaction_id=tx-process-1',
    success: 'https://cashier.example.test/deposit/deposit-success',
    fail: 'https://cashier.example.test/deposit/deposit-error',
  },
};

/** Whether a process id is alive (signal 0 only checks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startSimulatorProcess: the PSP simulator as a process of its own', () => {
  it('runs apart from the test process, keeps charges across connectors, and stop() ends it', async () => {
    const simulator = await startSimulatorProcess();
    try {
      expect(simulator.pid).not.toBe(process.pid);
      expect(isAlive(simulator.pid)).toBe(true);
      const input = DEPOSIT;
      await new HttpPaymentProvider({ baseUrl: simulator.url }).authorizeDeposit(input, NOW);
      // A new connector, as a restarted server would build, finds the charge by our reference.
      const found = await new HttpPaymentProvider({ baseUrl: simulator.url }).lookup(
        input.transactionId,
        NOW,
      );
      expect(found).toMatchObject({ status: 'approved' });
      expect((await simulator.activity(NOW)).transactions).toHaveLength(1);
    } finally {
      await simulator.stop();
    }
    expect(isAlive(simulator.pid)).toBe(false);
  });

  it('with an API key, the control methods authenticate and a caller without the key is refused', async () => {
    const simulator = await startSimulatorProcess({ apiKey: 'control-key-1' });
    try {
      await simulator.fault({ operation: 'status', mode: 'refuse' });
      expect((await simulator.activity()).pendingFaults).toHaveLength(1);
      const anonymous = await fetch(`${simulator.url}/__control/activity`);
      expect(anonymous.status).toBe(401);
    } finally {
      await simulator.stop();
    }
  });
});
