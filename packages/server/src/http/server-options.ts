/**
 * The HTTP server's protection against slow and broken clients, as Fastify options:
 *
 * - `requestTimeout` (REQUEST_TIMEOUT_MS): the whole request, headers and body, must arrive in
 *   time, so an upload sent at a byte a second is closed instead of holding a connection, a
 *   temporary file and a request slot; `headersTimeout` (HEADERS_TIMEOUT_MS) does the same for
 *   headers sent slowly. Node checks both every {@link connectionsCheckingInterval} (its own
 *   default, 30 s, would let a request live that much past its time-out).
 * - `connectionTimeout` (CONNECTION_TIMEOUT_MS): a socket with no traffic either way is closed;
 *   it is longer than a submit may wait for a concurrent duplicate and its provider call.
 * - `keepAliveTimeout` (KEEP_ALIVE_TIMEOUT_MS): an idle keep-alive connection is closed (keep it
 *   above the idle time-out of a load balancer in front, or the balancer may reuse a closing one).
 * - `trustProxy` (TRUST_PROXY): which proxies' X-Forwarded-For is believed, so `request.ip` (the
 *   rate limits' client address) is the player's and not the proxy's; given as the trust function
 *   of http/client-address.ts, which the realtime hub's per-address cap uses too.
 * - `clientErrorHandler`: what a connection that broke the rules gets before it is closed: the
 *   server's own error body with a code of the contract's table, not Node's or Fastify's: 408
 *   requestTimeout (1015) for a request or headers time-out, 431 malformedRequest (1001) for
 *   headers over Node's size limit, 400 malformedRequest (1001) for anything Node cannot parse.
 *
 * @packageDocumentation
 */
import { STATUS_CODES } from 'node:http';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import type { ErrorName } from '@cashdesk/contract';
import type { SecuritySettings, ServerTimeouts } from '../config';
import { errorBody } from './api-error';
import { trustProxyOf } from './client-address';
import type { TrustProxy } from './client-address';
import { NO_STORE } from './security-headers';

/** The Fastify options of {@link SecuritySettings} (see the module comment). */
export interface SecurityServerOptions {
  readonly connectionTimeout: number;
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
  readonly http: ServerOptions;
  readonly trustProxy: TrustProxy;
  readonly clientErrorHandler: (
    this: FastifyInstance,
    error: ConnectionError,
    socket: Socket,
  ) => void;
}

/**
 * How often Node looks for requests over their time-outs: a quarter of the shorter time-out, at
 * most a second, so a request is closed soon after its time is up.
 */
export function connectionsCheckingInterval(timeouts: ServerTimeouts): number {
  const shorter = Math.min(timeouts.requestTimeoutMs, timeouts.headersTimeoutMs);
  return Math.max(25, Math.min(1_000, Math.floor(shorter / 4)));
}

/** The answer to a connection error: status and error row. */
export function clientErrorAnswer(code: string | undefined): {
  readonly status: number;
  readonly name: ErrorName;
} {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, name: 'requestTimeout' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, name: 'malformedRequest' };
  return { status: 400, name: 'malformedRequest' };
}

/** Writes the error answer on a broken connection and closes it (Fastify's clientErrorHandler). */
function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, name } = clientErrorAnswer(error.code);
  const body = JSON.stringify(errorBody(name));
  // Debug only: a storm of slow clients must not flood the log.
  this.log.debug({ reason: error.code, status }, 'connection closed');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
        `Cache-Control: ${NO_STORE}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** The Fastify options for an app with these settings (spread into `Fastify({...})`). */
export function securityServerOptions(settings: SecuritySettings): SecurityServerOptions {
  const { timeouts } = settings;
  return {
    connectionTimeout: timeouts.connectionTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(timeouts),
    },
    // The one trust function of http/client-address.ts, which the realtime hub reads too.
    trustProxy: trustProxyOf(settings.trustProxy),
    clientErrorHandler: answerClientError,
  };
}
