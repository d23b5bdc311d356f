/**
 * Test support: one of the repository's stand-in services (the PSP simulator, the operator
 * wallet simulator, …) as a child process. The service prints one JSON line when it listens,
 * `{"<readyKey>":"ready","url":"…"}`; {@link startServiceProcess} waits for it and hands back the
 * URL, a JSON caller for the service's control routes, and a stopper.
 *
 * The child is killed by `stop()`, when the test process exits, and (through its standard input,
 * which the service watches when told to) when the test process dies without running exit
 * handlers.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { programArgs } from './programs';

/** The repository root, where `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What {@link startServiceProcess} takes. */
export interface ServiceProcessOptions {
  /**
   * The service's main module (a file URL or path): one of the testkit's programs starts from this
   * run's build when there is one (`./programs.ts`), any other through tsx.
   */
  readonly main: string;
  /** The key of its ready line: `{"<readyKey>":"ready","url":…}`. */
  readonly readyKey: string;
  /** Its environment, added to the test process's own. */
  readonly env: Readonly<Record<string, string>>;
  /** Headers of every control call (a bearer token). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A running service process. */
export interface ServiceProcess {
  readonly url: string;
  readonly pid: number;
  /** A control call: GET without a body, POST with one; its JSON answer (`undefined` if empty). */
  control(path: string, post?: { readonly body?: unknown }): Promise<unknown>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts a service as a child process and waits for its ready line. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const main = options.main.startsWith('file:') ? fileURLToPath(options.main) : options.main;
  const child = spawn(process.execPath, programArgs(main), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
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
  const ReadyLine = z.object({ url: z.url() });

  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      const ready = ReadyLine.safeParse(parsed);
      const flagged =
        typeof parsed === 'object' &&
        parsed !== null &&
        Reflect.get(parsed, options.readyKey) === 'ready';
      if (flagged && ready.success) resolve(ready.data.url);
      else reject(new Error(`${options.readyKey}: unexpected first line ${line}`));
    });
    child.once('exit', (code, signal) => {
      reject(
        new Error(
          `${options.readyKey} exited (${String(code ?? signal)}) before ready:\n${stderr}`,
        ),
      );
    });
  });
  const headers = options.headers ?? {};

  return {
    url,
    pid: child.pid ?? -1,
    async control(path, post) {
      const body = post?.body === undefined ? undefined : JSON.stringify(post.body);
      const response = await fetch(`${url}${path}`, {
        method: post === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body ?? null,
      });
      const text = await response.text();
      if (!response.ok) {
        throw new Error(`${options.readyKey} ${path} answered ${String(response.status)}: ${text}`);
      }
      if (text === '') return undefined;
      const answer: unknown = JSON.parse(text);
      return answer;
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
