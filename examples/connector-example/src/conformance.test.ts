/**
 * The connector kit's conformance suite on this connector, against the PSP simulator of
 * `@cashdesk/testkit` (a test-only dependency): every case, the simulator's faults and push
 * notifications included.
 */
import { describeConformance } from '@cashdesk/connector-kit/conformance';
import { simulatorConformanceSubject, startSimulatorProcess } from '@cashdesk/testkit';
import connector from './index';

const SECRET = 'example-connector-secret';

describeConformance('example card PSP connector', {
  capabilities: { refunds: true, webhooks: true, payoutCancellation: true, faults: true },
  async subject() {
    const simulator = await startSimulatorProcess();
    const provider = connector.create({
      name: 'card-psp',
      settings: { url: simulator.url, webhook_secret: SECRET },
      publicUrl: 'https://cashier.example.test',
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    return simulatorConformanceSubject({
      provider,
      simulator,
      webhookSecret: SECRET,
      stopSimulator: true,
    });
  },
});
