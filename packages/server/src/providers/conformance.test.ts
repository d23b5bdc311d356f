/**
 * The connector conformance suite (`@cashdesk/connector-kit/conformance`) on the server's own
 * connectors: the in-process sandbox, the http connector against the PSP simulator (with its
 * push notifications) and the asynchronous PSP's connector against its simulator. Each declares
 * what it cannot do, and those cases are skipped. The example connector runs the same suite in
 * its own package (examples/connector-example).
 *
 * @packageDocumentation
 */
import { describeConformance } from '@cashdesk/connector-kit/conformance';
import {
  TEST_PSP_API_KEY,
  TEST_WEBHOOK_SECRET,
  simulatorConformanceSubject,
  startAsyncPspProcess,
  startNotificationCapture,
  startSimulatorProcess,
} from '@cashdesk/testkit';
import { AsyncPspProvider } from './async-psp/async-psp-provider';
import { HttpPaymentProvider } from './http/http-provider';
import { MemorySandboxStore } from './sandbox/memory-store';
import { SandboxProvider } from './sandbox/sandbox-provider';

const PUSH_SECRET = 'conformance-push-secret-1';

describeConformance('sandbox', {
  capabilities: { refunds: true, webhooks: false, payoutCancellation: true, faults: false },
  subject() {
    const sandbox = new SandboxProvider({ store: new MemorySandboxStore() });
    return simulatorConformanceSubject({
      provider: sandbox,
      charges: async (id) =>
        (await sandbox.activity()).filter((entry) => entry.transactionId === id).length,
    });
  },
});

describeConformance('http (PSP simulator, push notifications)', {
  capabilities: { refunds: true, webhooks: true, payoutCancellation: true, faults: true },
  async subject() {
    const simulator = await startSimulatorProcess();
    return simulatorConformanceSubject({
      provider: new HttpPaymentProvider({
        baseUrl: simulator.url,
        webhookSecrets: [PUSH_SECRET],
      }),
      simulator,
      webhookSecret: PUSH_SECRET,
      stopSimulator: true,
    });
  },
});

describeConformance('async-psp (asynchronous PSP simulator)', {
  // The PSP has no doubled-request fault (that case is skipped).
  capabilities: { refunds: true, webhooks: true, payoutCancellation: true, faults: true },
  async subject() {
    const psp = await startAsyncPspProcess();
    const capture = await startNotificationCapture();
    const provider = new AsyncPspProvider({
      baseUrl: psp.url,
      apiKey: TEST_PSP_API_KEY,
      webhookSecrets: [TEST_WEBHOOK_SECRET],
      notificationUrl: capture.url,
      timeoutMs: 10_000,
    });
    const customer = { playerId: 'conformance-player', country: 'LV' };
    return {
      provider,
      now: () => new Date(),
      deposit: (transactionId, options) => ({
        transactionId,
        amount: '20.00',
        fee: '0',
        total: '20.00',
        currency: 'EUR',
        // The PSP takes mobile pay-ins and declines cards without a call.
        methodKind: options?.decline === true ? 'card' : 'mobile',
        payGroup: 'mobile_money',
        customer,
        returnUrls: { threeDsReturn: '/3ds', success: '/ok', fail: '/fail' },
      }),
      async settle(transactionId) {
        await psp.settle(transactionId, { outcome: 'succeeded' });
      },
      async charges(transactionId) {
        const { payments } = await psp.activity();
        return payments.filter((payment) => payment.merchant_reference === transactionId).length;
      },
      pendingPayout: (transactionId) => ({
        transactionId,
        amount: '20.00',
        currency: 'EUR',
        methodKind: 'mobile',
        payGroup: 'mobile_payout',
        destination: { kind: 'account', requisites: { phone: '+37120000000' } },
        customer,
      }),
      async fault(fault) {
        if (fault === 'duplicate') return false;
        await psp.fault({ operation: 'create', mode: fault });
        return true;
      },
      notification(transactionId) {
        const request = capture.last(transactionId);
        return request === undefined
          ? Promise.reject(new Error(`no webhook about ${transactionId}`))
          : Promise.resolve(request);
      },
      async close() {
        await capture.close();
        await psp.stop();
      },
    };
  },
});
