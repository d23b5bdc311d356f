/**
 * Test support: the webhook receiver (`webhook-receiver/main.ts`, an operator's endpoint) as a
 * child process, with its control API (`webhook-receiver/control.ts`) as methods, started like
 * the PSP simulator (simulator-process.ts). `reset()` between tests forgets every delivery,
 * fault and the clock.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { SigningKey } from '../http/signing';
import {
  DeliveriesAnswer,
  RECEIVER_CONTROL_PATHS,
  ReceiverFaultsAnswer,
  WEBHOOK_PATH,
} from '../webhook-receiver/control';
import type { Delivery, ReceiverFaultInput } from '../webhook-receiver/control';

const MAIN = fileURLToPath(new URL('../webhook-receiver/main.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const ReadyLine = z.object({ receiver: z.literal('ready'), url: z.url() });

/** A running receiver process. */
export interface ReceiverProcess {
  /** The address the server's WEBHOOK_URL names: `<base>/webhooks`. */
  readonly webhookUrl: string;
  readonly pid: number;
  /** Every request received so far; with `minAccepted`, once that many were accepted. */
  deliveries(minAccepted?: number): Promise<Delivery[]>;
  /** Queues a fault for the next requests. */
  fault(fault: ReceiverFaultInput): Promise<void>;
  /** Sets the clock signatures are checked by (`null`: the receiver's own). */
  setClock(now: Date | null): Promise<void>;
  reset(): Promise<void>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the receiver accepting `keys` and waits for its ready line. */
export async function startReceiverProcess(keys: readonly SigningKey[]): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      RECEIVER_PORT: '0',
      RECEIVER_HOST: '127.0.0.1',
      RECEIVER_EXIT_ON_STDIN_END: '1',
      RECEIVER_KEYS: keys.map((key) => `${key.keyId}:${key.secret}`).join(','),
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
      else reject(new Error(`receiver: unexpected first line ${line}`));
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`receiver exited (${String(code ?? signal)}) before ready:\n${stderr}`));
    });
  });

  async function control(path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`receiver ${path} answered ${response.status}: ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  }

  return {
    webhookUrl: `${url}${WEBHOOK_PATH}`,
    pid: child.pid ?? -1,
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
    async setClock(now) {
      await control(RECEIVER_CONTROL_PATHS.clock, { now: now === null ? null : now.toISOString() });
    },
    async reset() {
      await control(RECEIVER_CONTROL_PATHS.reset, {});
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
