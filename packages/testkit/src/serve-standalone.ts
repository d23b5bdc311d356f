/**
 * How the repository's stand-in services run as processes of their own (the PSP simulator, the
 * operator wallet simulator): listen, print one ready line, stop cleanly on SIGTERM or SIGINT, and
 * optionally when standard input closes, so that a service started by a test runner dies with it
 * even when the runner is killed.
 *
 * @packageDocumentation
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';

/** What {@link serveStandalone} needs. */
export interface StandaloneOptions {
  /** The service's name in its error messages (`wallet simulator`). */
  readonly name: string;
  /** The key of its ready line: `{"<readyKey>":"ready","url":"…"}`. */
  readonly readyKey: string;
  readonly port: number;
  readonly host: string;
  /** Exit when standard input closes. */
  readonly exitOnStdinEnd: boolean;
}

/**
 * Listens and writes exactly one line to standard output once listening, the JSON
 * `{"<readyKey>":"ready","url":"…"}`, and nothing else; exits 0 after a clean close, 1 when it
 * cannot listen or close.
 */
export async function serveStandalone(
  app: FastifyInstance,
  options: StandaloneOptions,
): Promise<void> {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${options.name}: close failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  if (options.exitOnStdinEnd) {
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.stdin.resume();
  }
  try {
    const url = await app.listen({ port: options.port, host: options.host });
    process.stdout.write(`${JSON.stringify({ [options.readyKey]: 'ready', url })}\n`);
  } catch (error) {
    process.stderr.write(`${options.name}: cannot listen: ${String(error)}\n`);
    process.exit(1);
  }
}

/** An empty or blank setting counts as unset. */
export function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** A port setting: digits, at most 65535; `0` picks a free port. */
export function portSetting(defaultPort: number) {
  return z
    .string()
    .regex(/^[0-9]{1,5}$/, 'a port number')
    .transform(Number)
    .pipe(z.int().max(65_535))
    .default(defaultPort);
}

/**
 * The service's environment read with `schema`, or an exit (1) naming each bad variable and what
 * is wrong with it (zod's messages name the rule, never the value, so a secret is not echoed).
 */
export function readEnvironment<S extends z.ZodType>(schema: S, name: string): z.output<S> {
  const env = schema.safeParse(process.env);
  if (env.success) return env.data;
  const lines = env.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  process.stderr.write(`${name}: invalid environment\n${lines.join('\n')}\n`);
  process.exit(1);
}
