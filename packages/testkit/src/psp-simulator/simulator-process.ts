/**
 * Test support: the PSP simulator (`./main.ts`) as a child process, with its test-control API
 * (`./control.ts`) as methods. One per test file is enough: `reset()` between tests forgets every
 * payment and fault.
 *
 * The child is killed by `stop()`, when the test process exits, and (through its standard input,
 * `SIMULATOR_EXIT_ON_STDIN_END`) when the test process dies without running exit handlers.
 *
 * @packageDocumentation
 */
import { ActivityAnswer, CONTROL_PATHS, DeliverAnswer, FaultsAnswer } from './control';
import type { FaultInput, NotificationSettingsInput } from './control';
import { startServiceProcess } from '../service-process';

const MAIN = new URL('./main.ts', import.meta.url).href;

/** What {@link startSimulatorProcess} takes. */
export interface SimulatorProcessOptions {
  /** Callers must send it as a bearer token (`SIMULATOR_API_KEY`); the control methods do. */
  readonly apiKey?: string;
  /** Prefix of the sandbox's page URLs (`SIMULATOR_BASE_URL`). */
  readonly baseUrl?: string;
}

/** A running simulator process. */
export interface SimulatorProcess {
  /** e.g. `http://127.0.0.1:40123`: the connector's `baseUrl`. */
  readonly url: string;
  readonly pid: number;
  /** `GET /__control/activity`: every transaction id charged or paid, with its status at `now`. */
  activity(now?: Date): Promise<ActivityAnswer>;
  /** `POST /__control/faults`: queues a fault; resolves with the faults now queued. */
  fault(fault: FaultInput): Promise<FaultsAnswer>;
  /** `POST /__control/reset`: forgets every payment, token and fault. */
  reset(): Promise<void>;
  /** `POST /__control/notifications`: where push notifications go (`{ url: null }`: nowhere). */
  notifyTo(settings: NotificationSettingsInput): Promise<void>;
  /**
   * `POST /__control/notifications/deliver`: sends the notifications due at `now` and resolves
   * once the receiver answered each.
   */
  deliverNotifications(now?: Date): Promise<DeliverAnswer>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the simulator as a child process and waits for its ready line. */
export async function startSimulatorProcess(
  options: SimulatorProcessOptions = {},
): Promise<SimulatorProcess> {
  const service = await startServiceProcess({
    main: MAIN,
    readyKey: 'simulator',
    env: {
      SIMULATOR_PORT: '0',
      SIMULATOR_HOST: '127.0.0.1',
      SIMULATOR_EXIT_ON_STDIN_END: '1',
      SIMULATOR_API_KEY: options.apiKey ?? '',
      SIMULATOR_BASE_URL: options.baseUrl ?? '',
    },
    headers: options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` },
  });
  return {
    url: service.url,
    pid: service.pid,
    async activity(now) {
      const query = now === undefined ? '' : `?now=${encodeURIComponent(now.toISOString())}`;
      return ActivityAnswer.parse(await service.control(`${CONTROL_PATHS.activity}${query}`));
    },
    async fault(fault) {
      return FaultsAnswer.parse(await service.control(CONTROL_PATHS.faults, { body: fault }));
    },
    async reset() {
      await service.control(CONTROL_PATHS.reset, {});
    },
    async notifyTo(settings) {
      await service.control(CONTROL_PATHS.notifications, { body: settings });
    },
    async deliverNotifications(now) {
      const query = now === undefined ? '' : `?now=${encodeURIComponent(now.toISOString())}`;
      return DeliverAnswer.parse(
        await service.control(`${CONTROL_PATHS.deliver}${query}`, { body: {} }),
      );
    },
    stop: () => service.stop(),
  };
}
