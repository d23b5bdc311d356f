/**
 * Runs the operator wallet simulator as its own process:
 * `node --import tsx packages/testkit/src/wallet-simulator/main.ts` (or `npm run wallet-simulator`).
 *
 * Environment: `WALLET_SIMULATOR_PORT` (default 8092; 0 picks a free port),
 * `WALLET_SIMULATOR_HOST` (default 127.0.0.1), `WALLET_SIMULATOR_SECRET` (required, at least 16
 * characters: the server's OPERATOR_WALLET_SECRET), `WALLET_SIMULATOR_KEY_ID` (default `default`),
 * `WALLET_SIMULATOR_OPENING_BALANCE` (a decimal: unknown players get an account with it on their
 * first call; unset, they are unknown until a test opens their account) and
 * `WALLET_SIMULATOR_EXIT_ON_STDIN_END=1` (exit when standard input closes, so a simulator started
 * by a test runner dies with it).
 *
 * Once listening it writes exactly one line to standard output,
 * `{"walletSimulator":"ready","url":"http://127.0.0.1:PORT"}`, and nothing else; it serves until
 * SIGTERM or SIGINT (or the end of standard input, see above), then exits 0.
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
import { Decimal } from '@cashdesk/contract';
import { createWalletSimulator } from './wallet-simulator';

/** The default port, beside the server's 8080 and the PSP simulator's 8091. */
const DEFAULT_PORT = 8092;

const Env = z.object({
  WALLET_SIMULATOR_PORT: portSetting(DEFAULT_PORT),
  WALLET_SIMULATOR_HOST: z.string().optional().transform(blankToUndefined),
  WALLET_SIMULATOR_SECRET: z.string().min(16, 'at least 16 characters'),
  WALLET_SIMULATOR_KEY_ID: z.string().optional().transform(blankToUndefined),
  WALLET_SIMULATOR_OPENING_BALANCE: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .pipe(z.optional(Decimal)),
  WALLET_SIMULATOR_EXIT_ON_STDIN_END: z.enum(['0', '1']).optional(),
});

const settings = readEnvironment(Env, 'wallet simulator');

const app = createWalletSimulator({
  keys: [
    {
      keyId: settings.WALLET_SIMULATOR_KEY_ID ?? 'default',
      secret: settings.WALLET_SIMULATOR_SECRET,
    },
  ],
  openingBalance: settings.WALLET_SIMULATOR_OPENING_BALANCE,
});

await serveStandalone(app, {
  name: 'wallet simulator',
  readyKey: 'walletSimulator',
  port: settings.WALLET_SIMULATOR_PORT,
  host: settings.WALLET_SIMULATOR_HOST ?? '127.0.0.1',
  exitOnStdinEnd: settings.WALLET_SIMULATOR_EXIT_ON_STDIN_END === '1',
});
