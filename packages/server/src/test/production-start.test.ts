/**
 * Production mode never pays with the sandbox nor seeds the demo unless told to: the server
 * process itself (src/main.ts, as an operator starts it) in production mode.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/open';
import { brands, players } from '../db/schema';
import { processArgs } from './process-build';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface Started {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the server with `env` until it exits or prints its "listening" line (then it is stopped
 * with SIGTERM, which closes it cleanly).
 */
async function runServer(env: Readonly<Record<string, string>>): Promise<Started> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-prod-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, processArgs(MAIN), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // No DATABASE_URL from the test's environment: each start gets its own PGlite.
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout += `${line}\n`;
    if (line.includes('listening on')) child.kill('SIGTERM');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

const PRODUCTION = {
  CASHDESK_MODE: 'production',
  CASHDESK_SECRET: 'a-production-secret-for-the-test',
  // Each test is about one refusal; this file's servers run on the embedded database.
  CASHDESK_ALLOW_EMBEDDED_DATABASE: 'true',
};

describe('production is real or refuses', () => {
  it('refuses to start in production without a provider, naming the setting', async () => {
    const started = await runServer(PRODUCTION);
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('CASHDESK_PROVIDER: required in production mode');
    expect(started.stdout).not.toContain('listening');
  });

  it('refuses the sandbox in production unless explicitly allowed', async () => {
    const started = await runServer({ ...PRODUCTION, CASHDESK_PROVIDER: 'sandbox' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true');
  });

  it('refuses the sandbox one-time-code outbox in production unless explicitly allowed', async () => {
    const started = await runServer({
      ...PRODUCTION,
      CASHDESK_PROVIDER: 'sandbox',
      CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      OTP_SENDER: 'sandbox',
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(
      'OTP_SENDER: "sandbox" is refused in production mode unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true',
    );
    expect(started.stdout).not.toContain('listening');
  });

  it('a database that cannot be reached stops it with one line naming the address: no stack trace, never the password', async () => {
    const started = await runServer({
      ...PRODUCTION,
      CASHDESK_PROVIDER: 'sandbox',
      CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      DATABASE_URL: 'postgres://cashier:s3cret-pw@127.0.0.1:1/cashdesk',
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toBe(
      'Cashdesk server failed to start: Cannot reach the database: nothing listens at the address of DATABASE_URL (127.0.0.1:1) [ECONNREFUSED].\n',
    );
    expect(started.stdout).not.toContain('listening');
  });

  it('with the explicit opt-in it warns that the sandbox pays, and seeds no demo data', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-prod-'));
    dirs.push(dataDir);
    const started = await runServer({
      ...PRODUCTION,
      CASHDESK_PROVIDER: 'sandbox',
      CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      DATA_DIR: dataDir,
    });
    expect(started.code).toBe(0);
    expect(started.stderr).toContain('WARNING: production mode with the sandbox payment provider');
    expect(started.stdout).toContain('payment provider: sandbox');
    // Allowing sandbox payments does not allow the sandbox's code outbox: no sender by default.
    expect(started.stdout).toContain('one-time codes: none: codes cannot be sent');
    expect(started.stdout).not.toContain('seeded');
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select().from(brands)).toEqual([]);
      expect(await database.db.select().from(players)).toEqual([]);
    } finally {
      await database.close();
    }
    // It starts a whole server on a fresh embedded database: as the other process tests, a time
    // a loaded machine cannot break (a clean clone's CI once took over 30 s here).
  }, 120_000);
});
