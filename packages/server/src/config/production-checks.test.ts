import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';
import { loadConfig } from './load';
import { PUBLISHED_SECRETS } from './published-secrets';
import { PRODUCTION_CORE, problemsOf } from './test-support';

/** A production environment that starts: every secret its own, PostgreSQL, https everywhere. */
const PRODUCTION = {
  ...PRODUCTION_CORE,
  WEBHOOK_URL: 'https://operator.example.com/events',
  WEBHOOK_SECRET: 'an-operator-own-webhook-secret',
} as const;

describe('production refuses what it was not told to allow', () => {
  it('starts with its own secrets, PostgreSQL and https', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('refuses every secret published in the source or docs, in every secret variable, naming the variable and never the value', () => {
    const variables = ['CASHDESK_SECRET', 'WEBHOOK_SECRET', 'METRICS_TOKEN', 'PROVIDER_API_KEY'];
    for (const secret of PUBLISHED_SECRETS) {
      for (const variable of variables) {
        const problems = problemsOf({ ...PRODUCTION, [variable]: secret }).join('\n');
        expect(problems, `${variable}=${secret}`).toContain(
          `${variable}: holds a secret published`,
        );
        expect(problems).not.toContain(secret);
      }
    }
    // One of the two secrets of a rotation is enough to refuse.
    const connectorEnv = {
      ...PRODUCTION,
      CONNECTORS: 'psp',
      CONNECTOR_PSP_KIND: 'async-psp',
      CONNECTOR_PSP_URL: 'https://async.example.com',
      CONNECTOR_PSP_WEBHOOK_SECRET: 'an-own-psp-secret-123,change-me-16-chars-min',
    };
    expect(problemsOf(connectorEnv)).toEqual([
      "CONNECTOR_PSP_WEBHOOK_SECRET: holds a secret published in Cashdesk's source or documentation; production needs one of its own",
    ]);
  });

  it('the list holds every secret the repository publishes (docs, READMEs, sources)', () => {
    const found = new Set<string>();
    for (const file of publishedFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b[A-Z_]*(?:SECRET|KEY|TOKEN|PASSWORD)=([\w.-]{8,})/g)) {
        found.add(match[1] ?? '');
      }
      for (const match of text.matchAll(/\b[A-Z_]*SECRET[A-Z_]* = '([\w.-]{8,})'/g)) {
        found.add(match[1] ?? '');
      }
    }
    expect(found.size).toBeGreaterThanOrEqual(5);
    expect([...found].filter((secret) => !PUBLISHED_SECRETS.has(secret))).toEqual([]);
  });

  it('refuses the embedded database unless CASHDESK_ALLOW_EMBEDDED_DATABASE=true', () => {
    const embedded: Record<string, string> = { ...PRODUCTION };
    delete embedded.DATABASE_URL;
    expect(problemsOf(embedded)).toEqual([
      'DATABASE_URL: required in production mode (postgres://…); the embedded database keeps its files on this host only, in DATA_DIR. Set CASHDESK_ALLOW_EMBEDDED_DATABASE=true to run on it anyway',
    ]);
    expect(problemsOf({ ...embedded, CASHDESK_ALLOW_EMBEDDED_DATABASE: 'true' })).toEqual([]);
    // A flag is true or false, like the configuration's other flags.
    expect(problemsOf({ ...embedded, CASHDESK_ALLOW_EMBEDDED_DATABASE: 'yes' }).join('\n')).toMatch(
      /^CASHDESK_ALLOW_EMBEDDED_DATABASE: /,
    );
    // Sandbox mode is the demo: the embedded database needs no flag there.
    expect(problemsOf({ CASHDESK_MODE: 'sandbox' })).toEqual([]);
  });

  it('refuses plain http to a service on another host, allows it to this host or with CASHDESK_ALLOW_PLAIN_HTTP=true', () => {
    const remote = {
      ...PRODUCTION,
      PROVIDER_URL: 'http://psp.example.com',
      WEBHOOK_URL: 'http://10.0.0.7:8080/events',
      CONNECTORS: 'backup',
      CONNECTOR_BACKUP_KIND: 'http',
      CONNECTOR_BACKUP_URL: 'http://backup-psp.internal',
    };
    expect(problemsOf(remote)).toEqual([
      'PROVIDER_URL: plain http to another host (psp.example.com) is refused in production mode; use https, or set CASHDESK_ALLOW_PLAIN_HTTP=true for a private network you trust',
      'WEBHOOK_URL: plain http to another host (10.0.0.7:8080) is refused in production mode; use https, or set CASHDESK_ALLOW_PLAIN_HTTP=true for a private network you trust',
      'CONNECTOR_BACKUP_URL: plain http to another host (backup-psp.internal) is refused in production mode; use https, or set CASHDESK_ALLOW_PLAIN_HTTP=true for a private network you trust',
    ]);
    expect(problemsOf({ ...remote, CASHDESK_ALLOW_PLAIN_HTTP: 'true' })).toEqual([]);
    for (const local of ['http://localhost:8090', 'http://127.0.0.1:8090', 'http://[::1]:8090']) {
      expect(problemsOf({ ...PRODUCTION, PROVIDER_URL: local }), local).toEqual([]);
    }
    // Sandbox mode calls the simulators over http on any host.
    expect(problemsOf({ ...remote, CASHDESK_MODE: 'sandbox' })).toEqual([]);
  });
});

describe('variables no setting reads', () => {
  it('names a misspelled or unknown variable of the server, in every mode, and nothing it reads', () => {
    const config = loadConfig({
      WEBHOOKS_URL: 'https://operator.example.com/events',
      CASHDESK_MODEE: 'production',
      CONNECTORS: 'psp',
      CONNECTOR_PSP_KIND: 'http',
      CONNECTOR_PSP_URL: 'https://psp.example.com',
      CONNECTOR_PSP_API_KEY: 'a-key',
      CONNECTOR_PSP_URLL: 'https://psp.example.com',
      CONNECTOR_OTHER_URL: 'https://other.example.com',
      PORTT: '9000',
      PORT: '9000',
      HOME: '/home/cashdesk',
      PATH: '/usr/bin',
      NODE_ENV: 'production',
    });
    expect(config.unknownVariables).toEqual([
      'CASHDESK_MODEE',
      'CONNECTOR_OTHER_URL',
      'CONNECTOR_PSP_URLL',
      'PORTT',
      'WEBHOOKS_URL',
    ]);
    expect(loadConfig({ ...PRODUCTION }).unknownVariables).toEqual([]);
  });
});

/** The repository's documents and non-test sources, where a published secret would be. */
function publishedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'coverage', '.data', 'artifacts'].includes(entry.name)) continue;
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(md|ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (!full.includes(`${path.sep}test${path.sep}`)) files.push(full);
      }
    }
  };
  for (const dir of ['docs', 'packages', 'scripts', 'e2e', 'bench'])
    walk(path.join(REPO_ROOT, dir));
  files.push(path.join(REPO_ROOT, 'README.md'));
  return files;
}
