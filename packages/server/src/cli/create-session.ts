/**
 * `npm run session -w @cashdesk/server -- --player demo --flow deposit --currency EUR` creates a
 * session and prints the widget address that opens it (stdout: the address alone, so scripts can
 * use it; stderr: the session id and expiry).
 *
 * Options: --player (default demo), --flow deposit|withdrawal (default deposit), --currency
 * (default EUR), --lang (default en), --brand (default brand0), --theme (default the brand).
 *
 * How: in sandbox mode it first asks a running server (POST /sandbox/sessions at PUBLIC_URL), so
 * it never opens the server's PGlite files while the server has them open. When no server
 * answers, or in production mode, it opens the database itself (migrating and seeding it like the
 * server does) and writes the session directly. Run it against PGlite only while the server is
 * stopped, or use PostgreSQL (DATABASE_URL), which many processes share safely.
 *
 * @packageDocumentation
 */
import { parseArgs } from 'node:util';
import { SandboxSessionRequest, SandboxSessionResponse, SANDBOX_BASE } from '@cashdesk/contract';
import { ConfigError, configuredDatabase, loadConfig } from '../config';
import { startupFailureMessage } from '../startup-failure';
import type { ServerConfig } from '../config';
import { openDatabase } from '../db/open';
import { seedDatabase } from '../db/seed';
import { isApiError } from '../http/api-error';
import { createSession } from '../modules/cashier';
import type { CreatedSession } from '../http/sessions';

const USAGE =
  'Usage: npm run session -w @cashdesk/server -- --player demo --flow deposit --currency EUR [--lang en] [--brand brand0] [--theme brand0]';

/** How long to wait for a running server before opening the database directly. */
const SERVER_TIMEOUT_MS = 2_000;

function readRequest(argv: readonly string[]): SandboxSessionRequest {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      player: { type: 'string', default: 'demo' },
      flow: { type: 'string', default: 'deposit' },
      currency: { type: 'string', default: 'EUR' },
      lang: { type: 'string' },
      brand: { type: 'string' },
      theme: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const parsed = SandboxSessionRequest.safeParse({
    player: values.player,
    flow: values.flow,
    currency: values.currency,
    lang: values.lang,
    brand: values.brand,
    theme: values.theme,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  --${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid options:\n${problems.join('\n')}\n${USAGE}`);
  }
  return parsed.data;
}

/** Asks a running server; `null` when none answers (then the database is opened directly). */
async function viaServer(
  config: ServerConfig,
  request: SandboxSessionRequest,
): Promise<CreatedSession | null> {
  let response: Response;
  try {
    response = await fetch(`${config.publicUrl}${SANDBOX_BASE}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
  const body: unknown = await response.json();
  if (response.status !== 201) {
    throw new Error(
      `the server at ${config.publicUrl} refused: ${response.status} ${JSON.stringify(body)}`,
    );
  }
  return SandboxSessionResponse.parse(body);
}

async function direct(
  config: ServerConfig,
  request: SandboxSessionRequest,
): Promise<CreatedSession> {
  const database = await openDatabase(configuredDatabase(config));
  try {
    // The demo data only where it belongs: never into a production database.
    if (config.seedDemoData) await seedDatabase(database.db);
    return await createSession(
      database.db,
      { lifetimeMs: config.sessionLifetimeMs, widgetUrl: config.widgetUrl },
      {
        player: request.player,
        flow: request.flow,
        currency: request.currency,
        language: request.lang,
        brand: request.brand,
        theme: request.theme,
        createPlayer: config.mode === 'sandbox',
      },
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const request = readRequest(process.argv.slice(2));
  const created =
    (config.mode === 'sandbox' ? await viaServer(config, request) : null) ??
    (await direct(config, request));
  process.stderr.write(
    `session ${created.session_id} for ${created.player_id} (${request.flow}, ${request.currency}) expires at ${created.expires_at}\n`,
  );
  process.stdout.write(`${created.widget_url}\n`);
}

main().catch((error: unknown) => {
  if (isApiError(error))
    process.stderr.write(
      `refused: ${error.definition.code} ${error.messageKey} ${error.field ?? ''}\n`,
    );
  else process.stderr.write(startupFailureMessage('session', error));
  process.exit(1);
});
