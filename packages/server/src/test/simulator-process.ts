/**
 * Test support: the PSP simulator (`providers/simulator/main.ts`) as a child process, with its
 * test-control API (`providers/simulator/control.ts`) as methods. One per test file is enough:
 * `reset()` between tests forgets every payment and fault.
 *
 * The child is killed by `stop()`, when the test process exits, and (through its standard input,
 * `SIMULATOR_EXIT_ON_STDIN_END`) when the test process dies without running exit handlers.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import * as z from 'zod';
import { ActivityAnswer, CONTROL_PATHS, FaultsAnswer } from '../providers/simulator/control';
import type { FaultInput } from '../providers/simulator/control';

const MAIN = fileURLToPath(new URL('../providers/simulator/main.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const ReadyLine = z.object({ simulator: z.literal('ready'), url: z.url() });

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
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** A child process that printed its ready line, and how to stop it. */
export interface ReadyProcess {
  readonly url: string;
  readonly pid: number;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `main` (a TypeScript file, run through tsx) as a child process with `env` added to this
 * process's environment and waits for its one ready line `{"simulator":"ready","url":…}`. The
 * child is killed when this process exits; give it its `…_EXIT_ON_STDIN_END` so that it also
 * dies with a test process that is killed.
 */
export async function startReadyProcess(
  main: string,
  env: Readonly<Record<string, string>>,
): Promise<ReadyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
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
      else reject(new Error(`simulator: unexpected first line ${line}`));
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`simulator exited (${String(code ?? signal)}) before ready:\n${stderr}`));
    });
  });

  return {
    url,
    pid: child.pid ?? -1,
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

/** Starts the simulator as a child process and waits for its ready line. */
export async function startSimulatorProcess(
  options: SimulatorProcessOptions = {},
): Promise<SimulatorProcess> {
  const ready = await startReadyProcess(MAIN, {
    SIMULATOR_PORT: '0',
    SIMULATOR_HOST: '127.0.0.1',
    SIMULATOR_EXIT_ON_STDIN_END: '1',
    SIMULATOR_API_KEY: options.apiKey ?? '',
    SIMULATOR_BASE_URL: options.baseUrl ?? '',
  });

  const headers: Record<string, string> =
    options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` };

  /** A control call's JSON answer (`undefined` for an empty one); throws on an error status. */
  async function control(path: string, post?: { readonly body?: unknown }): Promise<unknown> {
    const body = post?.body === undefined ? undefined : JSON.stringify(post.body);
    const response = await fetch(`${ready.url}${path}`, {
      method: post === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body ?? null,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulator ${path} answered ${response.status}: ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  }

  return {
    url: ready.url,
    pid: ready.pid,
    async activity(now) {
      const query = now === undefined ? '' : `?now=${encodeURIComponent(now.toISOString())}`;
      return ActivityAnswer.parse(await control(`${CONTROL_PATHS.activity}${query}`));
    },
    async fault(fault) {
      return FaultsAnswer.parse(await control(CONTROL_PATHS.faults, { body: fault }));
    },
    async reset() {
      await control(CONTROL_PATHS.reset, {});
    },
    stop: () => ready.stop(),
  };
}
