import { describe, expect, it } from 'vitest';
import { HttpPaymentProvider } from '../providers/http/http-provider';
import { NOW, depositInput, newCard } from '../providers/sandbox/test-support';
import { startSimulatorProcess } from './simulator-process';
import { isAlive } from './server-process';

describe('startSimulatorProcess: the PSP simulator as a process of its own', () => {
  it('runs apart from the test process, keeps charges across connectors, and stop() ends it', async () => {
    const simulator = await startSimulatorProcess();
    try {
      expect(simulator.pid).not.toBe(process.pid);
      expect(isAlive(simulator.pid)).toBe(true);
      const input = depositInput({ card: newCard('4000000000000101') });
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
