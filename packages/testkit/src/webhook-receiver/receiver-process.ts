/**
 * Test support: the webhook receiver (`webhook-receiver/main.ts`, an operator's endpoint) as a
 * child process, with its control API (`webhook-receiver/control.ts`) as methods, started like
 * the PSP simulator (simulator-process.ts). `reset()` between tests forgets every delivery,
 * fault and the clock.
 *
 * @packageDocumentation
 */
import type { SigningKey } from '@cashdesk/server/protocols';
import {
  DeliveriesAnswer,
  HeldAnswer,
  RECEIVER_CONTROL_PATHS,
  ReceiverFaultsAnswer,
  WEBHOOK_PATH,
} from './control';
import type { Delivery, ReceiverFaultInput } from './control';
import { startServiceProcess } from '../service-process';

const MAIN = new URL('./main.ts', import.meta.url).href;

/** A running receiver process. */
export interface ReceiverProcess {
  /** The address the server's WEBHOOK_URL names: `<base>/webhooks`. */
  readonly webhookUrl: string;
  readonly pid: number;
  /** Every request received so far; with `minAccepted`, once that many were accepted. */
  deliveries(minAccepted?: number): Promise<Delivery[]>;
  /** Queues a fault for the next requests. */
  fault(fault: ReceiverFaultInput): Promise<void>;
  /** Resolves once a request is held (a `hold` fault); the number held. */
  held(): Promise<number>;
  /** Answers the oldest held request with `status` (once one is held); the number still held. */
  release(status: number): Promise<number>;
  /** Sets the clock signatures are checked by (`null`: the receiver's own). */
  setClock(now: Date | null): Promise<void>;
  reset(): Promise<void>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the receiver accepting `keys` and waits for its ready line. */
export async function startReceiverProcess(keys: readonly SigningKey[]): Promise<ReceiverProcess> {
  const service = await startServiceProcess({
    main: MAIN,
    readyKey: 'receiver',
    env: {
      RECEIVER_PORT: '0',
      RECEIVER_HOST: '127.0.0.1',
      RECEIVER_EXIT_ON_STDIN_END: '1',
      RECEIVER_KEYS: keys.map((key) => `${key.keyId}:${key.secret}`).join(','),
    },
  });
  const control = (path: string, body?: unknown) =>
    service.control(path, body === undefined ? undefined : { body });

  return {
    webhookUrl: `${service.url}${WEBHOOK_PATH}`,
    pid: service.pid,
    async deliveries(minAccepted) {
      const query = minAccepted === undefined ? '' : `?min_accepted=${String(minAccepted)}`;
      const answer = DeliveriesAnswer.parse(
        await control(`${RECEIVER_CONTROL_PATHS.deliveries}${query}`),
      );
      return answer.deliveries;
    },
    async fault(fault) {
      ReceiverFaultsAnswer.parse(await control(RECEIVER_CONTROL_PATHS.faults, fault));
    },
    async held() {
      return HeldAnswer.parse(await control(RECEIVER_CONTROL_PATHS.held)).held;
    },
    async release(status) {
      return HeldAnswer.parse(await control(RECEIVER_CONTROL_PATHS.release, { status })).held;
    },
    async setClock(now) {
      await control(RECEIVER_CONTROL_PATHS.clock, { now: now === null ? null : now.toISOString() });
    },
    async reset() {
      await control(RECEIVER_CONTROL_PATHS.reset, {});
    },
    stop: () => service.stop(),
  };
}
