/**
 * Runs the messaging simulator as its own process:
 * `node --import tsx packages/testkit/src/messaging-simulator/main.ts` (`npm run messaging-simulator`).
 *
 * Environment: `MESSAGING_SIMULATOR_SECRET` (required, 16+ characters: the server's
 * OTP_HTTP_SECRET), `MESSAGING_SIMULATOR_KEY_ID` (default `default`: the server's OTP_HTTP_KEY_ID),
 * `MESSAGING_SIMULATOR_PORT` (default 8093; 0 picks a free port), `MESSAGING_SIMULATOR_HOST`
 * (default 127.0.0.1) and `MESSAGING_SIMULATOR_EXIT_ON_STDIN_END=1` (exit when standard input
 * closes, so a simulator started by a test runner dies with it even when the runner is killed).
 *
 * Once listening it writes exactly one line to standard output,
 * `{"messagingSimulator":"ready","url":"http://127.0.0.1:PORT"}`, and nothing else ever; it serves
 * until SIGTERM or SIGINT (or the end of standard input, see above), then closes and exits 0.
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
import { createMessagingSimulator } from './messaging-simulator';

/** The default port, beside the PSP simulator's 8091. */
const DEFAULT_PORT = 8093;

const Env = z.object({
  MESSAGING_SIMULATOR_SECRET: z.string().min(16, 'at least 16 characters'),
  MESSAGING_SIMULATOR_KEY_ID: z.string().optional().transform(blankToUndefined),
  MESSAGING_SIMULATOR_PORT: portSetting(DEFAULT_PORT),
  MESSAGING_SIMULATOR_HOST: z.string().optional().transform(blankToUndefined),
  MESSAGING_SIMULATOR_EXIT_ON_STDIN_END: z.enum(['0', '1']).optional(),
});

const settings = readEnvironment(Env, 'messaging simulator');

const app = createMessagingSimulator({
  keys: [
    {
      keyId: settings.MESSAGING_SIMULATOR_KEY_ID ?? 'default',
      secret: settings.MESSAGING_SIMULATOR_SECRET,
    },
  ],
});

await serveStandalone(app, {
  name: 'messaging simulator',
  readyKey: 'messagingSimulator',
  port: settings.MESSAGING_SIMULATOR_PORT,
  host: settings.MESSAGING_SIMULATOR_HOST ?? '127.0.0.1',
  exitOnStdinEnd: settings.MESSAGING_SIMULATOR_EXIT_ON_STDIN_END === '1',
});
