/**
 * Test support: the messaging simulator (`messaging-simulator/main.ts`) as a child process, with
 * its test-control API (`messaging-simulator/control.ts`) as methods: the players' inbox, faults
 * for the next hand-overs, reset.
 *
 * The child is killed by `stop()`, when the test process exits, and (through its standard input,
 * `MESSAGING_SIMULATOR_EXIT_ON_STDIN_END`) when the test process dies without running exit
 * handlers.
 *
 * @packageDocumentation
 */
import { MESSAGING_PATHS, MessagesAnswer, MessagingFaultsAnswer } from './control';
import type { MessagingFaultInput, RecordedMessage } from './control';
import { startServiceProcess } from '../service-process';

const MAIN = new URL('./main.ts', import.meta.url).href;

/** What {@link startMessagingSimulator} takes. */
export interface MessagingSimulatorProcessOptions {
  /** The secret it checks signatures with (the server's OTP_HTTP_SECRET). */
  readonly secret: string;
  /** Default `default`. */
  readonly keyId?: string;
}

/** A running messaging simulator. */
export interface MessagingSimulatorProcess {
  /** e.g. `http://127.0.0.1:40123/messages`: the server's OTP_HTTP_URL. */
  readonly messagesUrl: string;
  readonly pid: number;
  /** `GET /__control/messages`: the inbox, every signed request, refused signatures. */
  activity(): Promise<MessagesAnswer>;
  /** The messages recorded for a destination, first first. */
  inbox(destination: string): Promise<RecordedMessage[]>;
  /** `POST /__control/faults`: the next hand-overs fail this way. */
  fault(fault: MessagingFaultInput): Promise<MessagingFaultsAnswer>;
  /** `POST /__control/reset`. */
  reset(): Promise<void>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the simulator as a child process and waits for its ready line. */
export async function startMessagingSimulator(
  options: MessagingSimulatorProcessOptions,
): Promise<MessagingSimulatorProcess> {
  const service = await startServiceProcess({
    main: MAIN,
    readyKey: 'messagingSimulator',
    env: {
      MESSAGING_SIMULATOR_PORT: '0',
      MESSAGING_SIMULATOR_HOST: '127.0.0.1',
      MESSAGING_SIMULATOR_EXIT_ON_STDIN_END: '1',
      MESSAGING_SIMULATOR_SECRET: options.secret,
      MESSAGING_SIMULATOR_KEY_ID: options.keyId ?? '',
    },
  });
  const control = (path: string, post?: { readonly body?: unknown }) => service.control(path, post);
  const activity = async () => MessagesAnswer.parse(await control(MESSAGING_PATHS.activity));
  return {
    messagesUrl: `${service.url}${MESSAGING_PATHS.messages}`,
    pid: service.pid,
    activity,
    async inbox(destination) {
      return (await activity()).messages.filter((message) => message.destination === destination);
    },
    async fault(fault) {
      return MessagingFaultsAnswer.parse(await control(MESSAGING_PATHS.faults, { body: fault }));
    },
    async reset() {
      await control(MESSAGING_PATHS.reset, {});
    },
    stop: () => service.stop(),
  };
}
