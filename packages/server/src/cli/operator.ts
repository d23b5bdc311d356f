/**
 * `npm run -s operator -- …`: the command-line client of the operator API, for
 * scripts. A client over HTTP only, generic over the contract's OPERATOR_ENDPOINTS table, so every
 * call added to the table is a command at once; it imports nothing of the server but lives here,
 * beside the other command-line tools, to run under the same tsx without a package of its own.
 *
 * ```sh
 * npm run -s operator -- list
 * npm run -s operator -- help operatorBrandUpdate
 * npm run -s operator -- operatorBrandGet
 * npm run -s operator -- brand update --name 'Brand Two' --if-match 3
 * npm run -s operator -- operatorApiKeyCreate --param brandId=b2 --body @key.json
 * ```
 *
 * A call is named by its endpoint id or by its id's words (`operatorApiKeyCreate`: `api-key
 * create`). Its inputs: `--param k=v` (path), `--query k=v`, `--body '<json>'` or `--body
 * @file.json`, `--set k=v` (a body field, a dotted path; `k:=<json>` for a number, list or object),
 * `--if-match N`, `--header k=v`, and `--<name> <value>` for any path parameter, query parameter
 * or top-level body field by its name (a value the field does not take as text is read as JSON).
 * Every input is checked with the row's schemas before anything is sent; a problem names the
 * field (`body.scopes.0: …`).
 *
 * The key: CASHDESK_OPERATOR_KEY, or the first line of `--key-file <path>`; it is sent as
 * `Authorization: Bearer` and never printed. The server: CASHDESK_URL (default
 * http://127.0.0.1:8080, a local `npm start`) or `--url`.
 *
 * Output: the JSON answer on stdout (indented), or the answer as is when it is not JSON (a CSV
 * export as text, a player's document byte for byte: `… transaction-document get --transactionId
 * … --documentId … > receipt.pdf`). Exit codes: 0 success; 1 the server answered an error (its code, name and field on
 * stderr, then the body); 2 bad usage or input, nothing sent; 3 no answer (connection refused,
 * time-out).
 *
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { ERROR_CODES, OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { AnySchema, Endpoint, ObjectSchema } from '@cashdesk/contract';

/** Where the client goes without CASHDESK_URL: a local `npm start`. */
const DEFAULT_URL = 'http://127.0.0.1:8080';

/** How long a call may take before the client gives up (exit 3). */
const CALL_TIMEOUT_MS = 60_000;

const USAGE = `Usage: npm run -s operator -- <command>
  list                             the calls: id, words, method, path, scope, summary
  help <call>                      one call: its description and inputs
  <call> [inputs]                  makes the call; <call> is an id (operatorBrandGet) or its words (brand get)
Inputs: --param k=v  --query k=v  --body '<json>' | --body @file.json  --set k=v | --set k:=<json>
        --if-match N  --header k=v  --<name> <value> (a path or query parameter or body field)
Key: CASHDESK_OPERATOR_KEY or --key-file <path>. Server: CASHDESK_URL (default ${DEFAULT_URL}) or --url.
Exit: 0 success, 1 the server answered an error, 2 bad usage or input (nothing sent), 3 no answer.`;

/** Bad usage or input: exit 2, nothing was sent. */
class UsageError extends Error {}

/** One row of the table, as the client sees it. */
type OperatorEndpoint = Endpoint & { readonly operator: NonNullable<Endpoint['operator']> };

const ROWS: readonly OperatorEndpoint[] = Object.values(OPERATOR_ENDPOINTS);

/** An id's words: `operatorApiKeyCreate` → `api-key create` (the last word is the verb). */
function commandWords(id: string): string {
  const words = id
    .replace(/^operator/, '')
    .split(/(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== '');
  const verb = words.pop() ?? '';
  return words.length === 0 ? verb : `${words.join('-')} ${verb}`;
}

/** The row a command names, and how many of the positionals named it. */
function findRow(positionals: readonly string[]): { row: OperatorEndpoint; used: number } | null {
  const [first = '', second = ''] = positionals;
  for (const row of ROWS) {
    if (row.id === first) return { row, used: 1 };
    if (commandWords(row.id) === `${first} ${second}`) return { row, used: 2 };
    if (commandWords(row.id) === first) return { row, used: 1 };
  }
  return null;
}

/** The keys of an object schema (path, query or header parameters; an object body). */
function shapeKeys(schema: AnySchema | undefined): string[] {
  return schema instanceof z.ZodMiniObject ? Object.keys(schema.def.shape) : [];
}

/** One field's schema of an object schema, when there is one. */
function fieldSchema(schema: AnySchema | undefined, key: string): z.core.$ZodType | undefined {
  if (!(schema instanceof z.ZodMiniObject)) return undefined;
  const shape: Readonly<Record<string, z.core.$ZodType>> = schema.def.shape;
  return Object.hasOwn(shape, key) ? shape[key] : undefined;
}

function renderTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((cells) => (cells[column] ?? '').length)),
  );
  return rows
    .map((cells) =>
      cells
        .map((cell, column) =>
          column === cells.length - 1 ? cell : cell.padEnd(widths?.[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

/** `list`: every call of the table. */
function listCalls(): string {
  return renderTable([
    ['ID', 'WORDS', 'METHOD', 'PATH', 'SCOPE', 'SUMMARY'],
    ...ROWS.map((row) => [
      row.id,
      commandWords(row.id),
      row.method,
      row.path,
      row.operator,
      row.summary,
    ]),
  ]);
}

/** `help <call>`: what the call does and what it takes. */
function describeCall(row: OperatorEndpoint): string {
  const lines = [
    `${row.id} (${commandWords(row.id)}): ${row.method} ${row.path}`,
    `Scope: ${row.operator === 'admin' ? 'the administrator key (OPERATOR_ADMIN_KEY)' : row.operator}`,
    row.summary,
    row.description,
  ];
  const inputs: [string, AnySchema | undefined][] = [
    ['Path parameters (--param k=v)', row.params],
    ['Query (--query k=v)', row.query],
    ['Headers (--if-match N, --header k=v)', row.headers],
    ['Body fields (--body, --set k=v)', row.body],
  ];
  for (const [label, schema] of inputs) {
    if (schema === undefined) continue;
    const keys = shapeKeys(schema);
    lines.push(`${label}: ${keys.length === 0 ? 'JSON' : keys.join(', ')}`);
  }
  return lines.join('\n');
}

/** Splits `k=v`; the key may not be empty. */
function keyValue(option: string, text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`--${option} takes key=value, got "${text}"`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** Reads `--body`: JSON text, or `@file` holding it. */
function readBody(text: string): unknown {
  const source = text.startsWith('@') ? readText(text.slice(1), '--body') : text;
  try {
    const parsed: unknown = JSON.parse(source);
    return parsed;
  } catch {
    throw new UsageError(`--body is not JSON${text.startsWith('@') ? ` (${text.slice(1)})` : ''}`);
  }
}

function readText(path: string, option: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`${option}: cannot read ${path}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `value` at a dotted path of `target`, making objects on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() ?? path;
  let node = target;
  for (const part of parts) {
    const next = node[part];
    if (isRecord(next)) node = next;
    else {
      const made: Record<string, unknown> = {};
      node[part] = made;
      node = made;
    }
  }
  node[last] = value;
}

/** `--set k=v` (text) or `--set k:=<json>`. */
function setField(body: Record<string, unknown>, text: string): void {
  const [key, value] = keyValue('set', text);
  if (key.endsWith(':')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new UsageError(`--set ${key}=: the value is not JSON`);
    }
    setPath(body, key.slice(0, -1), parsed);
  } else setPath(body, key, value);
}

/**
 * A `--<name> <value>` option's value for a field: the text when the field takes text, else the
 * text read as JSON when that is valid (a number, a list of scopes).
 */
function fieldValue(schema: z.core.$ZodType | undefined, text: string): unknown {
  if (schema === undefined || z.safeParse(schema, text).success) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return text;
  }
}

/** The problems of a failed parse, one line per field: `body.scopes.0: Invalid option …`. */
function problems(place: string, error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const field = [place, ...issue.path.map(String)].join('.');
      const options =
        issue.code === 'invalid_value' ? ` (one of: ${issue.values.map(String).join(', ')})` : '';
      return `  ${field}: ${issue.message}${options}`;
    })
    .join('\n');
}

/** Checks one part of the request with the row's schema. */
function check(place: string, schema: AnySchema, value: unknown): void {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success)
    throw new UsageError(`invalid ${place}, nothing sent:\n${problems(place, parsed.error)}`);
}

/** A request built from the options, checked, ready to send. */
interface CallRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** What the options of a call are parsed into. */
interface CallOptions {
  readonly values: {
    readonly param?: string[];
    readonly query?: string[];
    readonly set?: string[];
    readonly header?: string[];
    readonly body?: string;
    readonly 'if-match'?: string;
    readonly url?: string;
    readonly 'key-file'?: string;
  };
  /** `--<name> <value>` pairs that are not the client's own options. */
  readonly named: readonly (readonly [string, string])[];
}

const OWN_OPTIONS = {
  param: { type: 'string', multiple: true },
  query: { type: 'string', multiple: true },
  set: { type: 'string', multiple: true },
  header: { type: 'string', multiple: true },
  body: { type: 'string' },
  'if-match': { type: 'string' },
  url: { type: 'string' },
  'key-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The client's options that may be given more than once. */
const REPEATABLE: ReadonlySet<string> = new Set(['param', 'query', 'set', 'header']);

/** Parses a call's options: the client's own, and `--<name> <value>` pairs for fields. */
function parseCallOptions(args: readonly string[]): CallOptions {
  const { tokens } = parseArgs({
    args: [...args],
    options: OWN_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const own: Record<string, string | string[]> = {};
  const named: [string, string][] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token === undefined) continue;
    if (token.kind === 'positional')
      throw new UsageError(`unexpected argument "${token.value}"\n${USAGE}`);
    if (token.kind !== 'option') continue;
    if (Object.hasOwn(OWN_OPTIONS, token.name)) {
      if (token.name === 'help') continue;
      const value = token.value;
      if (value === undefined) throw new UsageError(`--${token.name} needs a value`);
      const previous = own[token.name];
      if (REPEATABLE.has(token.name))
        own[token.name] = [...(Array.isArray(previous) ? previous : []), value];
      else own[token.name] = value;
      continue;
    }
    // `--name value` (the value is the next token) or `--name=value`.
    let value = token.value;
    if (value === undefined) {
      const next = tokens[index + 1];
      if (next?.kind !== 'positional') throw new UsageError(`--${token.name} needs a value`);
      value = next.value;
      index++;
    }
    named.push([token.name, value]);
  }
  return { values: own, named };
}

/** Fills the path template; a missing or unknown parameter is a usage error. */
function fillPath(row: OperatorEndpoint, params: Record<string, string>): string {
  const unknown = Object.keys(params).filter((key) => !row.path.includes(`{${key}}`));
  if (unknown.length > 0)
    throw new UsageError(`${row.id} has no path parameter ${unknown.join(', ')}`);
  return row.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new UsageError(`${row.id} needs --param ${name}=…`);
    return encodeURIComponent(value);
  });
}

/** The server's address without a trailing slash; anything but an http(s) URL is a usage error. */
function serverBase(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`not a server address (CASHDESK_URL or --url): ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`not an http(s) server address (CASHDESK_URL or --url): ${text}`);
  return text.replace(/\/+$/, '');
}

/** An If-Match value: a bare version is quoted as the ETag the server sends. */
function ifMatch(text: string): string {
  return /^[0-9]+$/.test(text) ? `"${text}"` : text;
}

/** Builds and checks the request of a call from its options and the environment. */
function buildRequest(
  row: OperatorEndpoint,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CallRequest {
  const { values, named } = parseCallOptions(args);
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const text of values.param ?? []) {
    const [key, value] = keyValue('param', text);
    params[key] = value;
  }
  for (const text of values.query ?? []) {
    const [key, value] = keyValue('query', text);
    query[key] = value;
  }
  for (const text of values.header ?? []) {
    const [key, value] = keyValue('header', text);
    headers[key.toLowerCase()] = value;
  }
  if (values['if-match'] !== undefined) headers['if-match'] = ifMatch(values['if-match']);

  const takesBody = row.body !== undefined;
  let body: unknown = values.body === undefined ? undefined : readBody(values.body);
  const sets = values.set ?? [];
  // `--<name> <value>`: a path parameter, else a query parameter, else a top-level body field.
  const bodyFields: [string, string][] = [];
  for (const [name, value] of named) {
    const key = name.replace(/-/g, '_');
    if (row.path.includes(`{${name}}`)) params[name] = value;
    else if (shapeKeys(row.query).includes(key)) query[key] = value;
    else if (shapeKeys(row.body).includes(key)) bodyFields.push([key, value]);
    else {
      const known = [...shapeKeys(row.params), ...shapeKeys(row.query), ...shapeKeys(row.body)];
      const hint =
        known.length === 0 ? '' : ` (it takes: ${known.map((k) => `--${k}`).join(', ')})`;
      throw new UsageError(`${row.id} takes no --${name}${hint}`);
    }
  }
  if (sets.length > 0 || bodyFields.length > 0) {
    if (!takesBody) throw new UsageError(`${row.id} takes no body`);
    const object: Record<string, unknown> = body === undefined ? {} : isRecord(body) ? body : {};
    if (body !== undefined && !isRecord(body))
      throw new UsageError('--set and field options need --body to be a JSON object');
    for (const text of sets) setField(object, text);
    for (const [key, text] of bodyFields)
      object[key] = fieldValue(fieldSchema(row.body, key), text);
    body = object;
  }
  if (body !== undefined && !takesBody) throw new UsageError(`${row.id} takes no body`);
  if (row.body !== undefined) check('body', row.body, body ?? {});
  if (row.params !== undefined) check('params', row.params, params);
  const path = fillPath(row, params);
  checkNamed('query', row.id, row.query, query);
  checkNamed('headers', row.id, row.headers, headers);

  const key = readKey(values['key-file'], env);
  const base = serverBase(values.url ?? env.CASHDESK_URL ?? DEFAULT_URL);
  const search = new URLSearchParams(query).toString();
  const sent: Record<string, string> = { ...headers, authorization: `Bearer ${key}` };
  const text = takesBody ? JSON.stringify(body ?? {}) : undefined;
  if (text !== undefined) sent['content-type'] = 'application/json';
  return {
    method: row.method,
    url: `${base}${path}${search === '' ? '' : `?${search}`}`,
    headers: sent,
    body: text,
  };
}

/** Checks query or headers: unknown keys are refused, known ones parsed with the schema. */
function checkNamed(
  place: string,
  id: string,
  schema: ObjectSchema | undefined,
  values: Record<string, string>,
): void {
  const keys = Object.keys(values);
  if (schema === undefined) {
    if (keys.length > 0) throw new UsageError(`${id} takes no ${place} (${keys.join(', ')})`);
    return;
  }
  const allowed = shapeKeys(schema);
  const unknown = keys.filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new UsageError(
      `${id} takes no ${place} ${unknown.join(', ')} (it takes: ${allowed.join(', ')})`,
    );
  check(place, schema, values);
}

/** The key: `--key-file`'s first line, else CASHDESK_OPERATOR_KEY. Never printed. */
function readKey(
  keyFile: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const key =
    keyFile === undefined
      ? env.CASHDESK_OPERATOR_KEY
      : (readText(keyFile, '--key-file').split(/\r?\n/)[0] ?? '');
  const trimmed = key?.trim() ?? '';
  if (trimmed === '')
    throw new UsageError(
      keyFile === undefined
        ? 'no key: set CASHDESK_OPERATOR_KEY or pass --key-file <path>'
        : `--key-file ${keyFile} holds no key`,
    );
  return trimmed;
}

/** The error line of an error answer: status, code, name, message key and field. */
function errorLine(status: number, body: unknown): string {
  if (!isRecord(body) || typeof body.error_code !== 'string') return `HTTP ${String(status)}`;
  const code = body.error_code;
  const name = Object.entries(ERROR_CODES).find(([, definition]) => definition.code === code)?.[0];
  const field = typeof body.error_field === 'string' ? ` field ${body.error_field}` : '';
  const message = typeof body.error_message === 'string' ? ` ${body.error_message}` : '';
  return `HTTP ${String(status)} error ${code}${name === undefined ? '' : ` ${name}`}${message}${field}`;
}

/** What a run prints and its exit code. */
interface Outcome {
  /** Text, or the bytes of a file the call answered (a document), written as they came. */
  readonly stdout: string | Uint8Array;
  readonly stderr: string;
  readonly code: number;
}

/** Why a call got no answer: fetch's cause (ECONNREFUSED …) when it has one. */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  return cause instanceof Error ? cause.message : error.message;
}

async function send(request: CallRequest): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = failureReason(error);
    return {
      stdout: '',
      stderr: `no answer from ${new URL(request.url).origin}: ${reason}\n`,
      code: 3,
    };
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const json = type.includes('application/json');
  // A file (a player's document) goes to stdout byte for byte: decoded as text it would not be.
  if (response.ok && !json && !type.startsWith('text/') && bytes.length > 0) {
    return { stdout: bytes, stderr: '', code: 0 };
  }
  const text = bytes.toString('utf8');
  let parsed: unknown = undefined;
  if (json && text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const shown = parsed === undefined ? text : `${JSON.stringify(parsed, null, 2)}\n`;
  if (response.ok) return { stdout: shown, stderr: '', code: 0 };
  return {
    stdout: '',
    stderr: `${errorLine(response.status, parsed)}\n${shown}${shown.endsWith('\n') ? '' : '\n'}`,
    code: 1,
  };
}

/** Runs the client with its arguments and environment. */
async function runOperatorCli(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<Outcome> {
  try {
    const [command, ...rest] = args;
    if (command === undefined || command === '--help' || command === '-h')
      return { stdout: `${USAGE}\n`, stderr: '', code: command === undefined ? 2 : 0 };
    if (command === 'list') return { stdout: `${listCalls()}\n`, stderr: '', code: 0 };
    if (command === 'help') {
      const found = findRow(rest);
      if (found === null) throw new UsageError(`no such call: ${rest.join(' ')}\n${USAGE}`);
      return { stdout: `${describeCall(found.row)}\n`, stderr: '', code: 0 };
    }
    const found = findRow(args);
    if (found === null)
      throw new UsageError(`no such call: ${args.slice(0, 2).join(' ')} (see: list)`);
    if (args.includes('--help') || args.includes('-h'))
      return { stdout: `${describeCall(found.row)}\n`, stderr: '', code: 0 };
    return await send(buildRequest(found.row, args.slice(found.used), env));
  } catch (error) {
    if (error instanceof UsageError) return { stdout: '', stderr: `${error.message}\n`, code: 2 };
    throw error;
  }
}

runOperatorCli(process.argv.slice(2), process.env)
  .then((outcome) => {
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    process.exitCode = outcome.code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
