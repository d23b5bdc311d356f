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
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import {
  MESSAGING_PATHS,
  MessagesAnswer,
  MessagingFaultsAnswer,
} from '../messaging-simulator/control';
import type { MessagingFaultInput, RecordedMessage } from '../messaging-simulator/control';

const MAIN = fileURLToPath(new URL('../messaging-simulator/main.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const ReadyLine = z.object({ messagingSimulator: z.literal('ready'), url: z.url() });

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
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      MESSAGING_SIMULATOR_PORT: '0',
      MESSAGING_SIMULATOR_HOST: '127.0.0.1',
      MESSAGING_SIMULATOR_EXIT_ON_STDIN_END: '1',
      MESSAGING_SIMULATOR_SECRET: options.secret,
      MESSAGING_SIMULATOR_KEY_ID: options.keyId ?? '',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = once(child, 'exit');

  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => {
      let ready: z.ZodSafeParseResult<z.output<typeof ReadyLine>> | undefined;
      try {
        ready = ReadyLine.safeParse(JSON.parse(line));
      } catch {
        ready = undefined;
      }
      if (ready?.success === true) resolve(ready.data.url);
      else reject(new Error(`messaging simulator: unexpected first line ${line}`));
    });
    child.once('exit', (code, signal) => {
      reject(
        new Error(
          `messaging simulator exited (${String(code ?? signal)}) before ready:\n${stderr}`,
        ),
      );
    });
  });

  /** A control call's JSON answer (`undefined` for an empty one); throws on an error status. */
  async function control(path: string, post?: { readonly body?: unknown }): Promise<unknown> {
    const body = post?.body === undefined ? undefined : JSON.stringify(post.body);
    const response = await fetch(`${url}${path}`, {
      method: post === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body ?? null,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`messaging simulator ${path}: ${response.status} ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  }

  const activity = async () => MessagesAnswer.parse(await control(MESSAGING_PATHS.activity));
  return {
    messagesUrl: `${url}${MESSAGING_PATHS.messages}`,
    pid: child.pid ?? -1,
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
    async stop() {
      process.off('exit', killOnExit);
      lines.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
