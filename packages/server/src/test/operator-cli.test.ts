/**
 * The operator API's command-line client (`npm run operator`, src/cli/operator.ts) as
 * its own process against the real server over HTTP: it lists the calls of the contract's table,
 * makes a call with the key from the environment or a key file and prints the JSON answer, prints
 * an error answer on stderr with exit code 1, refuses input its row's schema refuses before
 * sending anything (exit 2), writes a downloaded document byte for byte, and never prints the
 * key. Last, the client alone against a one-answer stand-in: what it puts on the wire, and a CSV
 * answer printed as it came.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyCreated,
  AuditPage,
  BrandSummary,
  ERROR_CODES,
  OPERATOR_ENDPOINTS,
} from '@cashdesk/contract';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import {
  OPERATOR_ENV,
  TEST_ADMIN_KEY,
  createOperatorBrand,
  freshBrandId,
  mintKey,
  operatorCall,
} from './operator-calls';
import { bankTransferWithReceipt, pdfOf } from './receipt-calls';
import type { OperatorBrand } from './operator-calls';
import { processArgs } from './process-build';

const CLI = fileURLToPath(new URL('../cli/operator.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** What one run of the client printed and its exit code. */
interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  /** stdout as the bytes written (a file the call answered). */
  readonly stdoutBytes: Buffer;
  readonly stderr: string;
}

/** Runs the client as its own process with only the given environment (plus PATH). */
async function runCli(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [...processArgs(CLI), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const closed: unknown[] = await once(child, 'close');
  const code = closed[0];
  const stdoutBytes = Buffer.concat(out);
  return {
    code: typeof code === 'number' ? code : null,
    stdout: stdoutBytes.toString('utf8'),
    stdoutBytes,
    stderr,
  };
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  probe.close();
  await once(probe, 'close');
  return port;
}

let server: TestServer;
let brand: OperatorBrand;
let folder: string;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  brand = await createOperatorBrand(server);
  folder = mkdtempSync(join(tmpdir(), 'cashdesk-operator-cli-'));
});

afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The client's environment for `key` against the test server. */
function envWith(key: string): Record<string, string> {
  return { CASHDESK_URL: server.baseUrl, CASHDESK_OPERATOR_KEY: key };
}

function expectNoKey(run: CliRun, ...keys: readonly string[]): void {
  for (const key of keys) {
    expect(run.stdout).not.toContain(key);
    expect(run.stderr).not.toContain(key);
  }
}

describe('the operator command-line client', () => {
  it('lists every call of the contract table with its method, path, scope and summary', async () => {
    const run = await runCli(['list']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const rows = Object.values(OPERATOR_ENDPOINTS);
    expect(lines).toHaveLength(rows.length + 1);
    for (const row of rows) {
      const line = lines.find((candidate) => candidate.startsWith(`${row.id} `));
      expect(line, row.id).toBeDefined();
      for (const part of [row.method, row.path, row.operator, row.summary])
        expect(line, `${row.id} ${part}`).toContain(part);
    }
  });

  it('makes calls by id or by words, with field options, --param and a key file, and prints the JSON answer', async () => {
    const brandId = freshBrandId('cli');
    const created = await runCli(
      ['brand', 'create', '--id', brandId, '--name', 'CLI brand'],
      envWith(TEST_ADMIN_KEY),
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(BrandSummary.parse(JSON.parse(created.stdout))).toMatchObject({
      id: brandId,
      name: 'CLI brand',
    });
    // A list as JSON for a field that is not text; the path parameter by --param.
    const minted = await runCli(
      [
        'operatorApiKeyCreate',
        '--param',
        `brandId=${brandId}`,
        '--label',
        'cli',
        '--scopes',
        '["config:read"]',
      ],
      envWith(TEST_ADMIN_KEY),
    );
    expect(minted.code).toBe(0);
    const key = ApiKeyCreated.parse(JSON.parse(minted.stdout));
    expect(key.scopes).toEqual(['config:read']);
    // The brand's own key from a file, the environment's key left empty.
    const keyFile = join(folder, 'key');
    writeFileSync(keyFile, `${key.key}\n`);
    const read = await runCli(['operatorBrandGet', '--key-file', keyFile], {
      CASHDESK_URL: server.baseUrl,
    });
    expect(read.code).toBe(0);
    expect(BrandSummary.parse(JSON.parse(read.stdout)).id).toBe(brandId);
    expectNoKey(read, key.key, TEST_ADMIN_KEY);
    expectNoKey(created, TEST_ADMIN_KEY);
  });

  it('sends --body @file, --query and --if-match, and the change is written and audited', async () => {
    const bodyFile = join(folder, 'brand.json');
    writeFileSync(bodyFile, JSON.stringify({ name: 'Renamed by file' }));
    const before = BrandSummary.parse(
      (await operatorCall(server, 'GET', '/brand', brand.key)).body,
    );
    const updated = await runCli(
      ['brand', 'update', '--body', `@${bodyFile}`, '--if-match', String(before.config_version)],
      envWith(brand.key),
    );
    expect(updated.code).toBe(0);
    expect(BrandSummary.parse(JSON.parse(updated.stdout))).toMatchObject({
      name: 'Renamed by file',
      config_version: before.config_version + 1,
    });
    const audit = await runCli(
      ['audit', 'list', '--query', 'limit=1', '--query', 'kind=change'],
      envWith(brand.key),
    );
    expect(audit.code).toBe(0);
    const page = AuditPage.parse(JSON.parse(audit.stdout));
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ action: 'operatorBrandUpdate', actor: brand.keyId });
    expectNoKey(updated, brand.key);
  });

  it('prints an error answer on stderr with exit code 1: another brand (404), a stale If-Match (409), a bad key (401)', async () => {
    const missing = await runCli(
      ['api-key', 'list', '--brandId', freshBrandId('none')],
      envWith(TEST_ADMIN_KEY),
    );
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain(
      `HTTP 404 error ${ERROR_CODES.operatorNotFound.code} operatorNotFound`,
    );
    expect(JSON.parse(missing.stderr.slice(missing.stderr.indexOf('{')))).toMatchObject({
      error_code: ERROR_CODES.operatorNotFound.code,
    });

    const current = BrandSummary.parse(
      (await operatorCall(server, 'GET', '/brand', brand.key)).body,
    );
    const stale = await runCli(
      ['brand', 'update', '--name', 'Too late', '--if-match', String(current.config_version - 1)],
      envWith(brand.key),
    );
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`HTTP 409 error ${ERROR_CODES.operatorVersionConflict.code}`);
    const after = BrandSummary.parse((await operatorCall(server, 'GET', '/brand', brand.key)).body);
    expect(after).toEqual(current);

    const forged = `${brand.key.slice(0, -4)}AAAA`;
    const refused = await runCli(['brand', 'get'], envWith(forged));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`HTTP 401 error ${ERROR_CODES.operatorKeyInvalid.code}`);
    expectNoKey(refused, forged, brand.key);
  });

  it('refuses a body its row’s schema refuses, naming the field, and sends nothing (exit 2)', async () => {
    const before = BrandSummary.parse(
      (await operatorCall(server, 'GET', '/brand', brand.key)).body,
    );
    const auditBefore = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body,
    );
    const logStart = server.logs().length;
    const cases: readonly (readonly string[])[] = [
      ['brand', 'update', '--set', 'name:=5'],
      ['brand', 'update', '--body', '{"name":""}'],
      ['operatorBrandUpdate', '--name', 'x', '--if-match', 'not-a-version'],
    ];
    const fields = ['body.name', 'body.name', 'headers.if-match'];
    for (const [index, args] of cases.entries()) {
      const run = await runCli(args, envWith(brand.key));
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('nothing sent');
      expect(run.stderr).toContain(`${fields[index] ?? '?'}:`);
    }
    const scopes = await runCli(
      ['api-key', 'create', '--brandId', brand.brandId, '--label', 'x', '--scopes', '["all"]'],
      envWith(TEST_ADMIN_KEY),
    );
    expect(scopes.code).toBe(2);
    expect(scopes.stderr).toContain('body.scopes.0:');
    expect(scopes.stderr).toContain('config:read');
    // Nothing reached the server: no change, no audit entry, no request logged.
    expect(
      BrandSummary.parse((await operatorCall(server, 'GET', '/brand', brand.key)).body),
    ).toEqual(before);
    expect(
      AuditPage.parse((await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body)
        .entries,
    ).toEqual(auditBefore.entries);
    const logged = server.logs().slice(logStart);
    expect(logged).toContain('"method":"GET"');
    expect(logged).not.toContain('"method":"PATCH"');
    expect(logged).not.toContain('"method":"POST"');
  });

  it('writes a downloaded document to stdout byte for byte (SPEC §5, §7 upload)', async () => {
    // Every byte value, the ones that are not UTF-8 on their own among them.
    const receipt = pdfOf(5_000);
    const paid = await bankTransferWithReceipt(server, freshBrandId('cli-receipt'), {
      bytes: receipt,
      name: 'receipt.pdf',
      type: 'application/pdf',
    });
    const key = (await mintKey(server, 'brand0', ['documents:read'])).key;
    const run = await runCli(
      [
        'transaction-document',
        'get',
        '--transactionId',
        paid.transactionId,
        '--documentId',
        paid.documentId,
      ],
      envWith(key),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdoutBytes.equals(receipt)).toBe(true);
    expectNoKey(run, key);
  });

  it('exits 2 on a bad command or option and 3 when no server answers, sending nothing', async () => {
    const unknown = await runCli(['operatorNoSuchCall'], envWith(brand.key));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no such call');
    const option = await runCli(['brand', 'get', '--colour', 'red'], envWith(brand.key));
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('takes no --colour');
    const noKey = await runCli(['brand', 'get'], { CASHDESK_URL: server.baseUrl });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('CASHDESK_OPERATOR_KEY');
    const badUrl = await runCli(['brand', 'get'], {
      CASHDESK_URL: 'ftp://127.0.0.1/',
      CASHDESK_OPERATOR_KEY: brand.key,
    });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('not an http(s) server address');
    const port = await closedPort();
    const down = await runCli(['brand', 'get'], {
      CASHDESK_URL: `http://127.0.0.1:${String(port)}`,
      CASHDESK_OPERATOR_KEY: brand.key,
    });
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('no answer');
    expectNoKey(down, brand.key);
  });
});

/** One request a stand-in answer saw. */
interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A one-answer HTTP stand-in, for the client's own handling of what it sends and of a non-JSON
 * answer (a CSV export) that no route of the server answers yet: a unit test of the client alone.
 */
async function standIn(
  contentType: string,
  answer: string,
): Promise<{ url: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const http = createHttpServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      response.writeHead(200, { 'content-type': contentType });
      response.end(answer);
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    seen,
    close: async () => {
      http.close();
      await once(http, 'close');
    },
  };
}

describe('the operator command-line client alone', () => {
  it('prints a non-JSON answer (CSV) as it came, and sends the key, If-Match and the JSON body', async () => {
    const csv = 'id,amount,currency\r\n7,10.50,EUR\r\n';
    const stub = await standIn('text/csv; charset=utf-8', csv);
    try {
      const key = 'cdk_aaaaaaaaaaaa_secret-never-printed';
      const run = await runCli(['brand', 'update', '--set', 'name=CSV', '--if-match', '4'], {
        CASHDESK_URL: stub.url,
        CASHDESK_OPERATOR_KEY: key,
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(csv);
      expectNoKey(run, key);
      expect(stub.seen).toHaveLength(1);
      const [request] = stub.seen;
      expect(request?.method).toBe('PATCH');
      expect(request?.url).toBe(OPERATOR_ENDPOINTS.operatorBrandUpdate.path);
      expect(request?.headers.authorization).toBe(`Bearer ${key}`);
      expect(request?.headers['if-match']).toBe('"4"');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'CSV' });
    } finally {
      await stub.close();
    }
  });

  it('explains one call: its scope, description and inputs', async () => {
    const run = await runCli(['help', 'api-key', 'create']);
    expect(run.code).toBe(0);
    const row = OPERATOR_ENDPOINTS.operatorApiKeyCreate;
    expect(run.stdout).toContain(`${row.id} (api-key create): ${row.method} ${row.path}`);
    expect(run.stdout).toContain(row.description);
    expect(run.stdout).toContain('Path parameters (--param k=v): brandId');
    expect(run.stdout).toContain('Body fields (--body, --set k=v): label, scopes');
  });
});
