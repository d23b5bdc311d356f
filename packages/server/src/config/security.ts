/**
 * Security settings (README "Security headers and limits"): who may frame the widget, which
 * proxies are trusted, the rate limits, the HTTP server's time-outs and the upload quotas.
 *
 * @packageDocumentation
 */
import { isIP } from 'node:net';
import * as z from 'zod';
import { parseHostOrigins } from '../http/host-origin';
import { integerText, optionalText } from './env';
import type { ValuesOf } from './env';
import type { PaymentTimings } from './payments';

/**
 * Security settings (README "Security headers and limits"). Rate-limit counters are
 * kept in the database, shared by every server process (http/limit-counters.ts).
 */
export interface SecuritySettings {
  /**
   * Origins allowed to frame the widget for every brand (FRAME_ANCESTORS), besides each brand's
   * own `allowed_host_origins`; the widget's own origin always may.
   */
  readonly frameAncestors: readonly string[];
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): `false` takes the client address from the socket;
   * `true` trusts every X-Forwarded-For hop (only behind a proxy that overwrites the header); a
   * list trusts those proxy addresses or ranges (`10.0.0.0/8`, `loopback`), so the client address
   * is the last hop before them.
   */
  readonly trustProxy: boolean | readonly string[];
  readonly rateLimits: RateLimitSettings;
  readonly timeouts: ServerTimeouts;
  readonly uploadQuota: UploadQuota;
}

/** Rate limits (counted in the database for every process, http/rate-limits.ts). */
export interface RateLimitSettings {
  /** The window every limit counts in (RATE_LIMIT_WINDOW_MS). */
  readonly windowMs: number;
  /**
   * Failed authentications (unknown session ids, dead staff cookies, wrong operator keys, bad
   * webhook signatures) one client address may cause in a window before its further failures are
   * answered 429; a valid credential from it is still served (AUTH_FAILURES_PER_ADDRESS).
   */
  readonly authFailuresPerAddress: number;
  /**
   * Calls of each money endpoint (submit, upload, recurring check, one-time codes, reversal,
   * payout account creation) one session may make in a window (MONEY_CALLS_PER_SESSION).
   */
  readonly moneyCallsPerSession: number;
  /**
   * Render-crash and error reports one client address may send in a window
   * (CLIENT_REPORTS_PER_ADDRESS); the widget sends at most 10 a page load.
   */
  readonly clientReportsPerAddress: number;
  /**
   * Icon files (SPEC §7 /assets/icons/…) one client address may fetch in a window
   * (ICON_CALLS_PER_ADDRESS); browsers cache them for a day.
   */
  readonly iconCallsPerAddress: number;
}

/** The HTTP server's time-outs (Node's http.Server through Fastify). */
export interface ServerTimeouts {
  /** A socket with no traffic either way for this long is closed (CONNECTION_TIMEOUT_MS). */
  readonly connectionTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** The request headers must arrive within this (HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
}

/**
 * How many documents, and how many bytes of them, one transaction may hold; a player's documents
 * not yet attached to a transaction (uploaded for a form that is not submitted yet) count as one
 * more such transaction.
 */
export interface UploadQuota {
  /** UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION */
  readonly maxDocuments: number;
  /** UPLOAD_MAX_BYTES_PER_TRANSACTION */
  readonly maxBytes: number;
}

/** The default {@link SecuritySettings}: far above what a player or the test suites do. */
export const DEFAULT_SECURITY: SecuritySettings = {
  frameAncestors: [],
  trustProxy: false,
  rateLimits: {
    windowMs: 60_000,
    authFailuresPerAddress: 100,
    moneyCallsPerSession: 120,
    clientReportsPerAddress: 30,
    iconCallsPerAddress: 600,
  },
  timeouts: {
    connectionTimeoutMs: 60_000,
    requestTimeoutMs: 120_000,
    headersTimeoutMs: 15_000,
    keepAliveTimeoutMs: 72_000,
  },
  uploadQuota: { maxDocuments: 10, maxBytes: 104_857_600 },
};

/** A TRUST_PROXY entry: an IP address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: true/false, or proxy addresses and ranges separated by commas. (Fastify no longer
 * trusts a hop count: it cannot tell whether the peer is a proxy at all.)
 */
const trustProxyText = optionalText.transform((value, context): boolean | string[] => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyEntry)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'TRUST_PROXY must be true, false, or proxy addresses/ranges separated by commas (e.g. 10.0.0.0/8,loopback)',
  });
  return z.NEVER;
});

/** FRAME_ANCESTORS: origins separated by commas or spaces. */
const originListText = optionalText.transform((value, context): string[] => {
  const { origins, refused } = parseHostOrigins(value ?? '');
  if (refused.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `FRAME_ANCESTORS must list http(s) origins (scheme, host, optional port), not ${refused.join(', ')}`,
    });
    return z.NEVER;
  }
  return [...origins];
});

/** The variables of the security settings. */
export const SECURITY_VARIABLES = {
  FRAME_ANCESTORS: originListText,
  TRUST_PROXY: trustProxyText,
  RATE_LIMIT_WINDOW_MS: integerText('RATE_LIMIT_WINDOW_MS', 1_000, 86_400_000).default(
    DEFAULT_SECURITY.rateLimits.windowMs,
  ),
  AUTH_FAILURES_PER_ADDRESS: integerText('AUTH_FAILURES_PER_ADDRESS', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.authFailuresPerAddress,
  ),
  MONEY_CALLS_PER_SESSION: integerText('MONEY_CALLS_PER_SESSION', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.moneyCallsPerSession,
  ),
  CLIENT_REPORTS_PER_ADDRESS: integerText('CLIENT_REPORTS_PER_ADDRESS', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.clientReportsPerAddress,
  ),
  ICON_CALLS_PER_ADDRESS: integerText('ICON_CALLS_PER_ADDRESS', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.iconCallsPerAddress,
  ),
  CONNECTION_TIMEOUT_MS: integerText('CONNECTION_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.connectionTimeoutMs,
  ),
  REQUEST_TIMEOUT_MS: integerText('REQUEST_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.requestTimeoutMs,
  ),
  HEADERS_TIMEOUT_MS: integerText('HEADERS_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.headersTimeoutMs,
  ),
  KEEP_ALIVE_TIMEOUT_MS: integerText('KEEP_ALIVE_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.keepAliveTimeoutMs,
  ),
  UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION: integerText(
    'UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION',
    1,
    1_000,
  ).default(DEFAULT_SECURITY.uploadQuota.maxDocuments),
  UPLOAD_MAX_BYTES_PER_TRANSACTION: integerText(
    'UPLOAD_MAX_BYTES_PER_TRANSACTION',
    1_024,
    10_737_418_240,
  ).default(DEFAULT_SECURITY.uploadQuota.maxBytes),
};

/**
 * The security settings: {@link DEFAULT_SECURITY} for what is not set. The headers must be
 * allowed no longer than the whole request, and a connection must stay open longer than a
 * submit may wait in silence (the payment lease plus a provider call): a line in `problems` each.
 */
export function readSecurity(
  values: ValuesOf<typeof SECURITY_VARIABLES>,
  payments: Pick<PaymentTimings, 'leaseMs' | 'providerTimeoutMs'>,
  problems: string[],
): SecuritySettings {
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) {
    problems.push(
      'HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
  }
  if (values.CONNECTION_TIMEOUT_MS <= payments.leaseMs + payments.providerTimeoutMs) {
    problems.push(
      'CONNECTION_TIMEOUT_MS: must be longer than PAYMENT_LEASE_MS plus PROVIDER_TIMEOUT_MS (a submit may wait that long without a byte on its connection)',
    );
  }
  return {
    frameAncestors: values.FRAME_ANCESTORS,
    trustProxy: values.TRUST_PROXY,
    rateLimits: {
      windowMs: values.RATE_LIMIT_WINDOW_MS,
      authFailuresPerAddress: values.AUTH_FAILURES_PER_ADDRESS,
      moneyCallsPerSession: values.MONEY_CALLS_PER_SESSION,
      clientReportsPerAddress: values.CLIENT_REPORTS_PER_ADDRESS,
      iconCallsPerAddress: values.ICON_CALLS_PER_ADDRESS,
    },
    timeouts: {
      connectionTimeoutMs: values.CONNECTION_TIMEOUT_MS,
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: values.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_MS,
    },
    uploadQuota: {
      maxDocuments: values.UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION,
      maxBytes: values.UPLOAD_MAX_BYTES_PER_TRANSACTION,
    },
  };
}
