/**
 * What production refuses unless told explicitly, and the variables no part of the server
 * reads:
 *
 * - a secret published in Cashdesk's source or docs (published-secrets.ts), never allowed;
 * - the embedded database (no DATABASE_URL): its files live on this one host, in DATA_DIR (by
 *   default inside the install folder); CASHDESK_ALLOW_EMBEDDED_DATABASE=true runs on it anyway;
 * - plain http to a service that is not on this host (the provider, a named connector, the
 *   operator's wallet, its messaging service, its webhook receiver, the object storage of
 *   uploaded documents): card payments, balances, one-time codes, payment events and players'
 *   documents would cross the network readable by anyone on the way; likewise plain `redis://`
 *   to a Redis on another host (REDIS_URL: its password and the limits' keys), where
 *   `rediss://` is its TLS; CASHDESK_ALLOW_PLAIN_HTTP=true allows both (a private network the
 *   operator trusts);
 * - in every mode, a variable named like the server's own (CASHDESK_, CONNECTOR_, WEBHOOK_, …)
 *   that none of its parts reads is named in a warning: a misspelling (WEBHOOKS_URL) would
 *   otherwise leave a setting silently at its default.
 *
 * @packageDocumentation
 */
import { flagText } from './env';
import type { Environment, ValuesOf } from './env';
import { publishedSecretProblems } from './published-secrets';

/**
 * The flags of this module: CASHDESK_ALLOW_EMBEDDED_DATABASE lets production run on the embedded
 * database, CASHDESK_ALLOW_PLAIN_HTTP lets it call a service on another host over plain http.
 */
export const PRODUCTION_CHECK_VARIABLES = {
  CASHDESK_ALLOW_EMBEDDED_DATABASE: flagText,
  CASHDESK_ALLOW_PLAIN_HTTP: flagText,
};

/** The variables that name a service the server calls with money, codes, events or documents. */
function outboundAddressVariables(env: Environment): string[] {
  const fixed = [
    'PROVIDER_URL',
    'OPERATOR_WALLET_URL',
    'OTP_HTTP_URL',
    'WEBHOOK_URL',
    'UPLOADS_S3_ENDPOINT',
    'REDIS_URL',
  ];
  const connectors = Object.keys(env).filter((name) => /^CONNECTOR_[A-Z0-9_]+_URL$/.test(name));
  return [...fixed, ...connectors];
}

/** Whether `url` names this host (localhost, 127.0.0.0/8, ::1). */
export function isLocalAddress(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(\.[0-9]{1,3}){3}$/.test(host)
  );
}

/** The schemes without encryption, each with the one that has it. */
const PLAIN_SCHEMES: Readonly<Record<string, string>> = { 'http:': 'https', 'redis:': 'rediss' };

/** The outbound addresses of `env` that are plain http (or redis) to another host, one line each. */
function plainHttpProblems(env: Environment): string[] {
  return outboundAddressVariables(env).flatMap((name) => {
    const value = env[name]?.trim();
    if (value === undefined || value === '' || !URL.canParse(value)) return [];
    const url = new URL(value);
    const secure = PLAIN_SCHEMES[url.protocol];
    if (secure === undefined || isLocalAddress(url)) return [];
    const plain = url.protocol.slice(0, -1);
    return [
      `${name}: plain ${plain} to another host (${url.host}) is refused in production mode; use ${secure}, or set CASHDESK_ALLOW_PLAIN_HTTP=true for a private network you trust`,
    ];
  });
}

/**
 * The problems of a production environment (see the module comment): `env` for the secrets and
 * addresses, `values` for this module's flags as parsed with the rest of the configuration.
 */
export function productionProblems(
  env: Environment,
  values: ValuesOf<typeof PRODUCTION_CHECK_VARIABLES>,
  databaseUrl: string | undefined,
): string[] {
  const problems = publishedSecretProblems(env);
  if (databaseUrl === undefined && values.CASHDESK_ALLOW_EMBEDDED_DATABASE !== 'true') {
    problems.push(
      'DATABASE_URL: required in production mode (postgres://…); the embedded database keeps its files on this host only, in DATA_DIR. Set CASHDESK_ALLOW_EMBEDDED_DATABASE=true to run on it anyway',
    );
  }
  if (values.CASHDESK_ALLOW_PLAIN_HTTP !== 'true') problems.push(...plainHttpProblems(env));
  return problems;
}

/** The prefixes of the server's own variables (CONFIG_VARIABLES all start with one or are listed). */
const OWN_PREFIXES = [
  'CASHDESK_',
  'CONNECTOR_',
  'WEBHOOK_',
  'PROVIDER_',
  'OPERATOR_',
  'WALLET_',
  'OTP_',
  'DATABASE_',
  'UPLOADS_',
  'REDIS_',
];

/**
 * The variables of `env` named like the server's own (one of its prefixes, or one letter from a
 * known name) that no part reads: `known` is every variable the configuration reads, with each
 * named connector's own (`CONNECTOR_<NAME>_*`) and the flags of this module.
 */
export function unknownVariables(env: Environment, known: ReadonlySet<string>): string[] {
  return Object.keys(env)
    .filter((name) => !known.has(name) && env[name] !== undefined)
    .filter(
      (name) => OWN_PREFIXES.some((prefix) => name.startsWith(prefix)) || nearOne(name, known),
    )
    .sort();
}

/** Whether `name` is one edit (a letter added, dropped or changed) from a known name. */
function nearOne(name: string, known: ReadonlySet<string>): boolean {
  for (const candidate of known) if (editDistanceAtMostOne(name, candidate)) return true;
  return false;
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}
