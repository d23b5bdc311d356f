/**
 * Runs the asynchronous PSP simulator as its own process:
 * `node --import tsx packages/testkit/src/async-psp-simulator/main.ts`.
 *
 * Environment: `ASYNC_PSP_WEBHOOK_SECRET` (required, 16+ characters: the cashier's
 * `CONNECTOR_<NAME>_WEBHOOK_SECRET`), `ASYNC_PSP_PORT` (default 8095; 0 picks a free port),
 * `ASYNC_PSP_HOST` (default 127.0.0.1), `ASYNC_PSP_API_KEY` (callers must send it as
 * `X-Api-Key`), `ASYNC_PSP_SETTLE_AFTER_MS` (default 3000: payments succeed this long after they
 * were received; 0: only when a control call decides them), `ASYNC_PSP_RETRY_BASE_MS` (default
 * 1000: the first retry of an undelivered webhook, doubling; 0: no automatic retries) and
 * `ASYNC_PSP_EXIT_ON_STDIN_END=1` (exit when standard input closes, so a simulator started by a
 * test runner dies with it).
 *
 * Once listening it writes exactly one line to standard output,
 * `{"simulator":"ready","url":"http://127.0.0.1:PORT"}`, and nothing else; it serves until
 * SIGTERM or SIGINT (or the end of standard input, see above), then closes and exits 0.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import {
  blankToUndefined,
  portSetting,
  readEnvironment,
  serveStandalone,
} from '../serve-standalone';
import { createAsyncPspSimulator } from './simulator-server';

/** The default port, beside the server's 8080 and the PSP simulator's 8091. */
const DEFAULT_PORT = 8095;

const milliseconds = (fallback: number) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, 'milliseconds')
    .transform(Number)
    .default(fallback);

const Env = z.object({
  ASYNC_PSP_PORT: portSetting(DEFAULT_PORT),
  ASYNC_PSP_HOST: z.string().optional().transform(blankToUndefined),
  ASYNC_PSP_API_KEY: z.string().optional().transform(blankToUndefined),
  ASYNC_PSP_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters'),
  ASYNC_PSP_SETTLE_AFTER_MS: milliseconds(3000),
  ASYNC_PSP_RETRY_BASE_MS: milliseconds(1000),
  ASYNC_PSP_EXIT_ON_STDIN_END: z.enum(['0', '1']).optional(),
});

const settings = readEnvironment(Env, 'async-psp simulator');

const app = createAsyncPspSimulator({
  apiKey: settings.ASYNC_PSP_API_KEY,
  webhookSecret: settings.ASYNC_PSP_WEBHOOK_SECRET,
  settleAfterMs: settings.ASYNC_PSP_SETTLE_AFTER_MS,
  retryBaseMs: settings.ASYNC_PSP_RETRY_BASE_MS,
});

await serveStandalone(app, {
  name: 'async-psp simulator',
  readyKey: 'simulator',
  port: settings.ASYNC_PSP_PORT,
  host: settings.ASYNC_PSP_HOST ?? '127.0.0.1',
  exitOnStdinEnd: settings.ASYNC_PSP_EXIT_ON_STDIN_END === '1',
});
