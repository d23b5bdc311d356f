/**
 * The client's address: the one place that decides it, for every count keyed by address (the
 * HTTP rate limits through Fastify's `request.ip`, the realtime hub's per-address cap through
 * {@link clientAddressOf}).
 *
 * TRUST_PROXY (config/security.ts) is compiled once into a trust function, with the rules Fastify
 * applies to its own `trustProxy` option: `false` trusts no hop (the socket's address is the
 * client's), `true` every hop, a list the proxies and ranges it names. The same function is
 * given to Fastify as `trustProxy` (http/server-options.ts), so `request.ip` and
 * {@link clientAddressOf} read X-Forwarded-For alike: the last address before the trusted hops.
 *
 * @packageDocumentation
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the hop `address` (the `hop`-th from the socket) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The trust function of a TRUST_PROXY setting (see the module comment). */
export function trustProxyOf(setting: boolean | readonly string[]): TrustProxy {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  return proxyAddr.compile([...setting]);
}

/** The client address of a raw request under `trust`, as Fastify's `request.ip` reads it. */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  const addresses = proxyAddr.all(request, trust);
  return addresses[addresses.length - 1] ?? 'unknown';
}

/** The client address of raw requests under a TRUST_PROXY setting. */
export function clientAddressOf(
  setting: boolean | readonly string[],
): (request: IncomingMessage) => string {
  const trust = trustProxyOf(setting);
  return (request) => clientAddress(request, trust);
}
