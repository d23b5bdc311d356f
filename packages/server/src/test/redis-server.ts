/**
 * A real Redis for the tests of the limits counted there (REDIS_URL): Debian's `redis-server` as
 * a child process on a free port of 127.0.0.1, keeping nothing on disk, one per test file.
 *
 * `npm test` and CI install the package when it is missing (scripts/ensure-test-packages.ts).
 * Without the binary, {@link REDIS_SERVER} is `undefined` and the tests that need it are skipped
 * under a name that says so; under CI (CI=true) a missing binary fails instead, so a run that
 * lost it cannot pass by skipping.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { closedPort } from './object-storage';

/** Where the binary is looked for: the PATH, then Debian's place. */
function findRedisServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin'];
  for (const dir of dirs.filter((entry) => entry !== '')) {
    const file = path.join(dir, 'redis-server');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  if (process.env.CI === 'true') {
    throw new Error(
      'redis-server is not installed, and CI must not skip the tests that need it: the checks install it (scripts/ensure-test-packages.ts)',
    );
  }
  return undefined;
}

/** The redis-server binary, or `undefined` when it is not installed (see the module comment). */
export const REDIS_SERVER: string | undefined = findRedisServer();

/** What a skipped test's name says. */
export const REDIS_MISSING =
  'skipped: redis-server is not installed (apt-get install -y redis-server)';

/** A started Redis. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Stops it (SIGKILL, as an outage) and waits for its exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
}

/** What redis-server prints once it accepts connections. */
const READY = 'Ready to accept connections';

/** Starts redis-server on `port`; resolves once it accepts connections. */
async function launch(binary: string, port: number, extraArgs: readonly string[]) {
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/tmp',
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const exited = once(child, 'exit').then(() => {
    process.off('exit', killOnExit);
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const keep = (chunk: string): void => {
      output = (output + chunk).slice(-4_000);
      if (output.includes(READY)) resolve();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) => {
      reject(new Error(`redis-server exited (${String(code)}) before it was ready:\n${output}`));
    });
  });
  return {
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Starts a Redis (see the module comment); `extraArgs` are redis-server's own options, e.g.
 * `['--requirepass', 'secret']`.
 *
 * @throws {Error} when redis-server is not installed: guard the test with {@link REDIS_SERVER}.
 */
export async function startRedis(extraArgs: readonly string[] = []): Promise<TestRedis> {
  const binary = REDIS_SERVER;
  if (binary === undefined) throw new Error(REDIS_MISSING);
  // redis-server cannot take port 0: take a free one, and try another if it was taken meanwhile.
  let port = 0;
  let running: Awaited<ReturnType<typeof launch>> | undefined;
  for (let attempt = 1; running === undefined; attempt += 1) {
    port = await closedPort();
    try {
      running = await launch(binary, port, extraArgs);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  let current = running;
  return {
    url: `redis://127.0.0.1:${String(port)}`,
    port,
    kill: () => current.kill(),
    restart: async () => {
      await current.kill();
      current = await launch(binary, port, extraArgs);
    },
  };
}
