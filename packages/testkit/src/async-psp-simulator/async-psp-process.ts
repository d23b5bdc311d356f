/**
 * Test support: the asynchronous PSP simulator (`./main.ts`) as a child process, with its
 * test-control API (`./control.ts`) as methods. It never settles or retries by itself here (`ASYNC_PSP_SETTLE_AFTER_MS=0`,
 * `ASYNC_PSP_RETRY_BASE_MS=0`): a test decides each payment and delivers each webhook by a
 * control call, which answers once the cashier has answered the webhook, so nothing waits for
 * time to pass.
 *
 * @packageDocumentation
 */
import type * as z from 'zod';
import {
  ASYNC_CONTROL_PATHS,
  AsyncActivity,
  DeliveryAnswer,
  RefundDeliveryAnswer,
  FlushAnswer,
  controlPath,
} from './control';
import type { AsyncFaultInput, RefundSettleInput, SettleInput } from './control';
import { startServiceProcess } from '../service-process';

const MAIN = new URL('./main.ts', import.meta.url).href;

/** The webhook secret of the simulators the tests start. */
export const TEST_WEBHOOK_SECRET = 'test-async-psp-webhook-secret';

/** The API key of the simulators the tests start. */
export const TEST_PSP_API_KEY = 'test-async-psp-api-key';

/** A running asynchronous PSP simulator. */
export interface AsyncPspProcess {
  readonly url: string;
  readonly pid: number;
  /** Decides a received payment (by our transaction id) and delivers its webhook. */
  settle(reference: string, input: SettleInput): Promise<DeliveryAnswer>;
  /** Settles a merchant's pending refund (by its reference: our refund id) and notifies it. */
  settleRefund(reference: string, input: RefundSettleInput): Promise<RefundDeliveryAnswer>;
  /** Refunds (or charges back) a succeeded payment, whole or `value` minor units of it. */
  reverse(
    kind: 'refund' | 'chargeback',
    reference: string,
    value?: number,
  ): Promise<DeliveryAnswer>;
  /** Sends an event showing the payment in `state` without changing it (late, out of order). */
  event(reference: string, state: string, now?: Date): Promise<DeliveryAnswer>;
  /** Delivers the payment's last event again (a duplicate). */
  redeliver(reference: string, now?: Date): Promise<DeliveryAnswer>;
  /** Delivers every undelivered event now (what the PSP's retries would do later). */
  flush(now?: Date): Promise<z.output<typeof FlushAnswer>>;
  fault(fault: AsyncFaultInput): Promise<void>;
  activity(): Promise<AsyncActivity>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the simulator as a child process (see the module comment). */
export async function startAsyncPspProcess(): Promise<AsyncPspProcess> {
  const ready = await startServiceProcess({
    main: MAIN,
    readyKey: 'simulator',
    env: {
      ASYNC_PSP_PORT: '0',
      ASYNC_PSP_HOST: '127.0.0.1',
      ASYNC_PSP_API_KEY: TEST_PSP_API_KEY,
      ASYNC_PSP_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      ASYNC_PSP_SETTLE_AFTER_MS: '0',
      ASYNC_PSP_RETRY_BASE_MS: '0',
      ASYNC_PSP_EXIT_ON_STDIN_END: '1',
    },
    headers: { 'x-api-key': TEST_PSP_API_KEY },
  });
  const control = (path: string, body?: unknown) =>
    ready.control(path, body === undefined ? undefined : { body });
  const clock = (now: Date | undefined) => (now === undefined ? {} : { now: now.toISOString() });

  return {
    url: ready.url,
    pid: ready.pid,
    async settle(reference, input) {
      return DeliveryAnswer.parse(
        await control(controlPath(ASYNC_CONTROL_PATHS.settle, reference), input),
      );
    },
    async reverse(kind, reference, value) {
      return DeliveryAnswer.parse(
        await control(
          controlPath(ASYNC_CONTROL_PATHS[kind], reference),
          value === undefined ? {} : { value },
        ),
      );
    },
    async event(reference, state, now) {
      return DeliveryAnswer.parse(
        await control(controlPath(ASYNC_CONTROL_PATHS.event, reference), {
          state,
          ...clock(now),
        }),
      );
    },
    async redeliver(reference, now) {
      return DeliveryAnswer.parse(
        await control(controlPath(ASYNC_CONTROL_PATHS.redeliver, reference), clock(now)),
      );
    },
    async settleRefund(reference, input) {
      return RefundDeliveryAnswer.parse(
        await control(controlPath(ASYNC_CONTROL_PATHS.settleRefund, reference), input),
      );
    },
    async flush(now) {
      return FlushAnswer.parse(await control(ASYNC_CONTROL_PATHS.flush, clock(now)));
    },
    async fault(fault) {
      await control(ASYNC_CONTROL_PATHS.faults, fault);
    },
    async activity() {
      return AsyncActivity.parse(await control(ASYNC_CONTROL_PATHS.activity));
    },
    async reset() {
      await control(ASYNC_CONTROL_PATHS.reset, {});
    },
    stop: () => ready.stop(),
  };
}
