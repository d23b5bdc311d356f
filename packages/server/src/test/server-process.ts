/**
 * Test support: the server (`src/main.ts`, as `npm start` runs it) as a child process, so that a
 * test can kill it with SIGKILL mid-request and start it again on the same port and database.
 * Its reconciler runs in it as in production.
 *
 * The child is killed when the test process exits (an `exit` handler) and by `kill()`; a test
 * must call `kill()` for every process it started (in `afterAll`/`afterEach`, so a failure does
 * not leave one running).
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { processArgs } from './process-build';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Whether a process id is alive (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** What the server prints once it listens (main.ts). */
const LISTENING = /listening on (http:\/\/[^\s]+)/;

/** The last output kept for failure messages. */
const KEPT_OUTPUT = 8_000;

/** What {@link startServerProcess} takes. */
export interface ServerProcessOptions {
  /** The server's environment (loadConfig's variables); nothing of the test's own is passed. */
  readonly env: Readonly<Record<string, string>>;
  /** The port (0, the default, picks a free one; a restart passes the port it had). */
  readonly port?: number;
  /** Gives up waiting for the listening line after this long (default 60 s). */
  readonly startTimeoutMs?: number;
}

/** A running server process. */
export interface ServerProcess {
  /** e.g. `http://127.0.0.1:40123` */
  readonly baseUrl: string;
  readonly port: number;
  readonly pid: number;
  /** The last few KB of its standard output and error, for assertion messages. */
  output(): string;
  /** Everything it wrote since it started (its log lines, to find which process served what). */
  allOutput(): string;
  /** Resolves once its output (since start) has contained `text`; rejects if it exits first. */
  waitForOutput(text: string): Promise<void>;
  /** Its exit code once it has exited (`null` when a signal ended it). */
  readonly exitCode: Promise<number | null>;
  /** Sends `signal` (default SIGKILL) unless it has exited, and waits for its exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `src/main.ts` (built once per run, see process-build.ts) with `options.env` (plus PATH and HOST=127.0.0.1) and
 * waits for its listening line.
 *
 * @throws {Error} with its output when it exits or stays silent before listening.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, processArgs(MAIN), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      ...options.env,
      PORT: String(options.port ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const exitCode = once(child, 'exit').then(([code]: unknown[]) => {
    process.off('exit', killOnExit);
    return typeof code === 'number' ? code : null;
  });
  const exited = exitCode.then(() => undefined);
  let output = '';
  // Everything seen since start, for waitForOutput (the kept output is only the last few KB).
  const waiters: { readonly text: string; readonly resolve: () => void }[] = [];
  let seen = '';
  const keep = (chunk: string): void => {
    output = (output + chunk).slice(-KEPT_OUTPUT);
    seen += chunk;
    for (const waiter of waiters.filter((candidate) => seen.includes(candidate.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', keep);

  const kill = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server not listening after ${String(timeoutMs)} ms:\n${output}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: string) => {
      keep(chunk);
      const match = LISTENING.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code ?? signal)}) before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await kill();
    throw error;
  });

  return {
    baseUrl,
    port: Number(new URL(baseUrl).port),
    pid: child.pid ?? -1,
    output: () => output,
    allOutput: () => seen,
    waitForOutput: (text) =>
      seen.includes(text)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ text, resolve })),
            exitCode.then((code) => {
              throw new Error(
                `server exited (${String(code)}) before printing "${text}":\n${output}`,
              );
            }),
          ]),
    exitCode,
    kill,
  };
}
