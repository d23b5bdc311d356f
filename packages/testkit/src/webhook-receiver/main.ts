/**
 * Runs the test webhook receiver (receiver-server.ts) as its own process, as an operator's
 * endpoint would be: `node --import tsx packages/testkit/src/webhook-receiver/main.ts`.
 *
 * Environment: `RECEIVER_PORT` (default 8094; 0 picks a free port), `RECEIVER_HOST` (default
 * 127.0.0.1), `RECEIVER_KEYS` (the secrets it accepts, `keyId:secret` separated by commas; two
 * during a rotation), `RECEIVER_TOLERANCE_S` (how old a signature may be, default 300) and
 * `RECEIVER_EXIT_ON_STDIN_END=1` (exit when standard input closes, so a receiver started by a
 * test runner dies with it).
 *
 * Once listening it writes exactly one line to standard output,
 * `{"receiver":"ready","url":"http://127.0.0.1:PORT"}`; webhooks go to `<url>/webhooks`. It
 * serves until SIGTERM or SIGINT (or the end of standard input), then exits 0.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { portSetting, readEnvironment, serveStandalone } from '../serve-standalone';
import { createReceiver } from './receiver-server';

const Key = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}:.{16,}$/, 'keyId:secret (a secret of 16 characters or more)')
  .transform((entry) => {
    const colon = entry.indexOf(':');
    return { keyId: entry.slice(0, colon), secret: entry.slice(colon + 1) };
  });

const Env = z.object({
  RECEIVER_PORT: portSetting(8094),
  RECEIVER_HOST: z.string().default('127.0.0.1'),
  RECEIVER_KEYS: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .pipe(z.array(Key).min(1).max(2)),
  RECEIVER_TOLERANCE_S: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .transform(Number)
    .default(300),
  RECEIVER_EXIT_ON_STDIN_END: z.enum(['0', '1']).optional(),
});

const settings = readEnvironment(Env, 'webhook receiver');

const app = createReceiver({
  keys: settings.RECEIVER_KEYS,
  toleranceSeconds: settings.RECEIVER_TOLERANCE_S,
});

await serveStandalone(app, {
  name: 'webhook receiver',
  readyKey: 'receiver',
  port: settings.RECEIVER_PORT,
  host: settings.RECEIVER_HOST,
  exitOnStdinEnd: settings.RECEIVER_EXIT_ON_STDIN_END === '1',
});
