/**
 * The client's address: the one place that decides it, for every count keyed by address (the
 * HTTP rate limits and the staff sign-in lock through {@link requestAddressKey} of Fastify's
 * `request.ip`, the realtime hub's per-address cap through {@link clientAddressOf}).
 *
 * TRUST_PROXY (config/security.ts) is compiled once into a trust function, with the rules Fastify
 * applies to its own `trustProxy` option: `false` trusts no hop (the socket's address is the
 * client's), `true` every hop, a list the proxies and ranges it names. The same function is
 * given to Fastify as `trustProxy` (http/server-options.ts), so `request.ip` and
 * {@link clientAddressOf} read X-Forwarded-For alike: the last address before the trusted hops.
 *
 * Counts key an address by {@link addressKey}: an IPv6 client by its /64 prefix (one subscriber
 * is given a whole /64 and may take any address in it, so counting single IPv6 addresses would
 * give one client 2^64 budgets), an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports for an IPv4 client) as its IPv4 address.
 *
 * @packageDocumentation
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

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

/**
 * The key a client address is counted under (see the module comment): an IPv4 address as it is,
 * an IPv4-mapped IPv6 address as its IPv4 address, an IPv6 address as its /64 prefix
 * (`2001:db8:1:2::/64`), anything that is no address as it is.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (!(parsed instanceof ipaddr.IPv6)) return parsed.toString();
  const prefix = parsed.parts.slice(0, 4);
  return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
}

/** The counting key of a request's client address (Fastify's `request.ip`, TRUST_PROXY applied). */
export function requestAddressKey(request: { readonly ip: string }): string {
  return addressKey(request.ip);
}

/** The counting key ({@link addressKey}) of raw requests' client address under a TRUST_PROXY setting. */
export function clientAddressOf(
  setting: boolean | readonly string[],
): (request: IncomingMessage) => string {
  const trust = trustProxyOf(setting);
  return (request) => addressKey(clientAddress(request, trust));
}
