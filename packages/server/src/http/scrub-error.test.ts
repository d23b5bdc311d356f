/**
 * Errors are logged without values. The database errors are built the way the real
 * libraries build them: drizzle-orm's DrizzleQueryError (`Failed query: <sql>\nparams: <values>`,
 * with `query`, `params` and `cause`), pg's DatabaseError as pg-protocol's parser fills it from
 * PostgreSQL's error fields (code, detail, schema, table, constraint, routine, ...), and PGlite's
 * DatabaseError, to which PGlite adds the failed `query`, `params` and `queryOptions`.
 */
import { messages } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../test/log-capture';
import { REMOVED, scrubError, scrubLoggedMessage, scrubMessage } from './scrub-error';

const SESSION_ID = 'hV3q9Xk2LmN8pR4sT6uW1yZ0aB5cD7eF9gH2jK4mN6p';
const PAN = '4000000000000101';

/** pg's DatabaseError with the fields pg-protocol's parseErrorMessage sets. */
function pgError(fields: {
  message: string;
  code: string;
  detail?: string;
  where?: string;
  table?: string;
  constraint?: string;
  routine?: string;
}): InstanceType<typeof pg.DatabaseError> {
  const error = new pg.DatabaseError(fields.message, 0, 'error');
  error.severity = 'ERROR';
  error.code = fields.code;
  error.detail = fields.detail;
  error.where = fields.where;
  error.schema = fields.table === undefined ? undefined : 'public';
  error.table = fields.table;
  error.constraint = fields.constraint;
  error.routine = fields.routine;
  error.file = 'nbtinsert.c';
  error.line = '666';
  return error;
}

/** PGlite's DatabaseError, with the query and parameters PGlite attaches to it. */
function pgliteError(message: string, code: string, query: string, params: unknown[]) {
  const error = new messages.DatabaseError(message, 0, 'error');
  error.severity = 'ERROR';
  error.code = code;
  error.routine = 'string_to_uuid';
  return Object.assign(error, { query, params, queryOptions: {} });
}

const INSERT = 'insert into "players" ("brand_id", "external_id") values ($1, $2)';

function uniqueViolation(): DrizzleQueryError {
  const cause = pgError({
    message: 'duplicate key value violates unique constraint "players_brand_external"',
    code: '23505',
    detail: `Key (brand_id, external_id)=(brand0, ${SESSION_ID}) already exists.`,
    table: 'players',
    constraint: 'players_brand_external',
    routine: '_bt_check_unique',
  });
  return new DrizzleQueryError(INSERT, ['brand0', SESSION_ID, PAN], cause);
}

function serialized(value: unknown): string {
  return JSON.stringify(value);
}

describe('scrubError (no SQL parameters, session id or card number in a log line)', () => {
  it('keeps the SQL, SQLSTATE and names of a drizzle query error over pg, and drops its values', () => {
    const logged = scrubError(uniqueViolation());
    const text = serialized(logged);
    for (const value of [SESSION_ID, PAN, 'params', 'Key (', 'detail', 'already exists']) {
      expect(text).not.toContain(value);
    }
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: `Failed query: ${INSERT}`,
      cause: {
        type: 'DatabaseError',
        message: `duplicate key value violates unique constraint "${REMOVED}"`,
        sqlState: '23505',
        severity: 'ERROR',
        schema: 'public',
        table: 'players',
        constraint: 'players_brand_external',
        routine: '_bt_check_unique',
      },
    });
  });

  it('keeps the stack frames and writes the scrubbed message in its first lines', () => {
    const error = uniqueViolation();
    expect(error.stack).toContain(SESSION_ID);
    const stack = scrubError(error).stack ?? '';
    expect(stack.startsWith(`Error: Failed query: ${INSERT}\n    at `)).toBe(true);
    expect(stack).toContain('scrub-error.test.ts');
    expect(stack).not.toContain(SESSION_ID);
    expect(stack).not.toContain('params:');
  });

  it("removes a PostgreSQL message's quoted value and PGlite's query parameters", () => {
    const error = new DrizzleQueryError(
      'select $1::uuid',
      [SESSION_ID],
      pgliteError(
        `invalid input syntax for type uuid: "${SESSION_ID}"`,
        '22P02',
        'select $1::uuid',
        [SESSION_ID],
      ),
    );
    const logged = scrubError(error);
    expect(serialized(logged)).not.toContain(SESSION_ID);
    expect(logged.cause).toMatchObject({
      type: 'DatabaseError',
      message: `invalid input syntax for type uuid: "${REMOVED}"`,
      sqlState: '22P02',
      routine: 'string_to_uuid',
    });
    expect(logged.cause).not.toHaveProperty('params');
    expect(logged.cause).not.toHaveProperty('query');
  });

  it('removes a value that holds quotes itself, and the NUL parameter of 22021', () => {
    const quoted = scrubMessage(`invalid input syntax for type uuid: "a" ${PAN} "b"`);
    expect(quoted).toBe(`invalid input syntax for type uuid: "${REMOVED}"`);
    const nul = new DrizzleQueryError(
      'select "id" from "sessions" where "id" = $1',
      [`${SESSION_ID}\u0000`],
      pgError({ message: 'invalid byte sequence for encoding "UTF8": 0x00', code: '22021' }),
    );
    const logged = scrubError(nul);
    expect(serialized(logged)).not.toContain(SESSION_ID);
    expect(logged.cause?.sqlState).toBe('22021');
  });

  it('drops where and detail of a PL/pgSQL error and a single-quoted SQL literal', () => {
    const error = new DrizzleQueryError(
      `update "sessions" set "theme" = 'brand0' where "id" = $1`,
      [SESSION_ID],
      pgError({
        message: 'new row violates check constraint "sessions_theme"',
        code: '23514',
        detail: `Failing row contains (${SESSION_ID}, demo).`,
        where: `PL/pgSQL function check_session('${SESSION_ID}') line 3`,
        table: 'sessions',
      }),
    );
    const text = serialized(scrubError(error));
    expect(text).not.toContain(SESSION_ID);
    expect(text).not.toContain("'brand0'");
    expect(text).toContain('23514');
  });

  it('masks card numbers and random tokens in any message, and keeps ids and plain words', () => {
    const uuid = '67cb8c7e-efc2-481c-913f-bdcfeb6ffc34';
    const message = scrubMessage(
      `card 4000 0000 0000 0101 or ${PAN} for session ${SESSION_ID} on transaction ${uuid}`,
    );
    expect(message).toBe(
      `card ${REMOVED} or ${REMOVED} for session ${REMOVED} on transaction ${uuid}`,
    );
  });

  it('follows cause chains a few levels, survives a cycle, and scrubs aggregated errors', () => {
    const inner = new Error(`lookup of "${SESSION_ID}" failed`);
    const outer = new Error('request failed', { cause: inner });
    Object.assign(inner, { cause: outer });
    const logged = scrubError(outer);
    expect(logged.cause?.message).toBe(`lookup of "${REMOVED}" failed`);
    expect(logged.cause?.cause).toBeUndefined();
    const aggregate = scrubError(new AggregateError([uniqueViolation()], 'both failed'));
    expect(aggregate.errors?.[0]?.cause?.sqlState).toBe('23505');
    expect(serialized(aggregate)).not.toContain(SESSION_ID);
  });

  it('logs a thrown non-error by its type, a string scrubbed', () => {
    expect(scrubError(`bad ${PAN}`)).toEqual({ type: 'string', message: `bad ${REMOVED}` });
    expect(scrubError({ secret: SESSION_ID })).toEqual({ type: 'object', message: '' });
  });

  it('scrubs a log message where it repeats the error message, and leaves other messages', () => {
    const error = new Error(`no session "${SESSION_ID}"`);
    expect(scrubLoggedMessage(error.message, error)).toBe(`no session "${REMOVED}"`);
    expect(scrubLoggedMessage('request failed', error)).toBe('request failed');
  });
});

describe('the logger', () => {
  it('logs an error under err, or as the whole line, without its values but with its SQLSTATE', () => {
    const { logger, text } = captureLogs();
    logger.error({ err: uniqueViolation() }, 'request failed');
    logger.error(uniqueViolation());
    logger.error({ err: uniqueViolation() });
    logger.warn({ error: uniqueViolation() }, 'retrying');
    const logged = text();
    expect(logged.trim().split('\n')).toHaveLength(4);
    expect(logged).not.toContain(SESSION_ID);
    expect(logged).not.toContain(PAN);
    expect(logged).not.toContain('params');
    expect(logged.split('"sqlState":"23505"')).toHaveLength(5);
  });
});
