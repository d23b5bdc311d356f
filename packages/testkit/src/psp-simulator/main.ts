/**
 * Runs the PSP simulator as its own process:
 * `node --import tsx packages/testkit/src/psp-simulator/main.ts`.
 *
 * Environment: `SIMULATOR_PORT` (default 8091; 0 picks a free port), `SIMULATOR_HOST` (default
 * 127.0.0.1), `SIMULATOR_BASE_URL` (prefix of the sandbox's page URLs, default none),
 * `SIMULATOR_API_KEY` (when set, callers must send it as a bearer token),
 * `SIMULATOR_NOTIFICATION_URL` and `SIMULATOR_NOTIFICATION_SECRET` (push notifications to that
 * address, signed with that secret, sent every `SIMULATOR_NOTIFY_EVERY_MS`, default 1000) and
 * `SIMULATOR_EXIT_ON_STDIN_END=1` (exit when standard input closes, so a simulator started by a
 * test runner dies with it even when the runner is killed).
 *
 * Once listening it writes exactly one line to standard output,
 * `{"simulator":"ready","url":"http://127.0.0.1:PORT"}`, and nothing else ever; it serves until
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
import { NotificationTarget } from './notifications';
import { createSimulator } from './simulator-server';

/** The default port, beside the server's 8080. */
export const DEFAULT_SIMULATOR_PORT = 8091;

const Env = z.object({
  SIMULATOR_PORT: portSetting(DEFAULT_SIMULATOR_PORT),
  SIMULATOR_HOST: z.string().optional().transform(blankToUndefined),
  SIMULATOR_BASE_URL: z.string().optional().transform(blankToUndefined),
  SIMULATOR_API_KEY: z.string().optional().transform(blankToUndefined),
  SIMULATOR_EXIT_ON_STDIN_END: z.enum(['0', '1']).optional(),
  SIMULATOR_NOTIFICATION_URL: z.string().optional().transform(blankToUndefined),
  SIMULATOR_NOTIFICATION_SECRET: z.string().optional().transform(blankToUndefined),
  SIMULATOR_NOTIFY_EVERY_MS: z.coerce.number().int().min(0).default(1000),
});

const settings = readEnvironment(Env, 'simulator');

const notifications =
  settings.SIMULATOR_NOTIFICATION_URL === undefined
    ? undefined
    : NotificationTarget.parse({
        url: settings.SIMULATOR_NOTIFICATION_URL,
        secret: settings.SIMULATOR_NOTIFICATION_SECRET,
      });

const app = createSimulator({
  baseUrl: settings.SIMULATOR_BASE_URL,
  apiKey: settings.SIMULATOR_API_KEY,
  notifications,
  notifyEveryMs: notifications === undefined ? 0 : settings.SIMULATOR_NOTIFY_EVERY_MS,
});

await serveStandalone(app, {
  name: 'simulator',
  readyKey: 'simulator',
  port: settings.SIMULATOR_PORT,
  host: settings.SIMULATOR_HOST ?? '127.0.0.1',
  exitOnStdinEnd: settings.SIMULATOR_EXIT_ON_STDIN_END === '1',
});
