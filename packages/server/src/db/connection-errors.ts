/**
 * What a failure to reach or log in to the configured database means, as one line an operator
 * can act on: the server, `migrate` and the operator's commands print it instead of a stack
 * trace. The line names the host and port, never the user's password or the whole
 * DATABASE_URL.
 *
 * @packageDocumentation
 */

/** PostgreSQL's SQLSTATE codes of a refused connection, and what each means. */
const POSTGRES_REFUSALS: Readonly<Record<string, string>> = {
  '28P01': 'PostgreSQL refused the user name or password of DATABASE_URL',
  '28000': 'PostgreSQL refused the connection for this user (pg_hba.conf or the role)',
  '3D000': 'the database DATABASE_URL names does not exist on that PostgreSQL server',
  '42501': 'the user of DATABASE_URL lacks a privilege the cashier needs on that database',
  '53300': 'PostgreSQL has no connection left for the cashier (too many clients)',
  '57P03': 'PostgreSQL is starting up or shutting down and takes no connections yet',
};

/** Network errors of a connection that never got to PostgreSQL, and what each means. */
const NETWORK_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing listens at the address of DATABASE_URL',
  ENOTFOUND: 'the host of DATABASE_URL is not found (DNS)',
  EAI_AGAIN: 'the host of DATABASE_URL could not be looked up now (DNS)',
  ETIMEDOUT: 'the address of DATABASE_URL does not answer (time-out)',
  EHOSTUNREACH: 'the host of DATABASE_URL is unreachable',
  ENETUNREACH: 'the network of DATABASE_URL is unreachable',
  ECONNRESET: 'the database server closed the connection while it was being set up',
};

function codeOf(error: object): string | undefined {
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code === 'string') return code;
  // Node tries each address of a host and reports them together.
  const errors: unknown = Reflect.get(error, 'errors');
  if (Array.isArray(errors)) {
    const first: unknown = errors[0];
    if (typeof first === 'object' && first !== null) return codeOf(first);
  }
  return undefined;
}

/** `host:port` of a network error, when it says. */
function addressOf(error: object): string {
  const host: unknown = Reflect.get(error, 'address') ?? Reflect.get(error, 'hostname');
  const port: unknown = Reflect.get(error, 'port');
  if (typeof host !== 'string') return '';
  return typeof port === 'number' ? ` (${host}:${String(port)})` : ` (${host})`;
}

/**
 * The operator's line for an error of opening the database, or `undefined` when `error` is not
 * one of a refused or unreachable database.
 */
export function databaseConnectionFailure(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = codeOf(error);
  if (code === undefined) return undefined;
  const refusal = POSTGRES_REFUSALS[code];
  if (refusal !== undefined) return `Cannot use the database: ${refusal} (SQLSTATE ${code}).`;
  const network = NETWORK_FAILURES[code];
  if (network !== undefined) {
    return `Cannot reach the database: ${network}${addressOf(error)} [${code}].`;
  }
  return undefined;
}
