/**
 * Test support: a round-robin HTTP proxy in the test process, the smallest stand-in for the load
 * balancer in front of several server processes. Each request goes to the next backend in turn,
 * whatever connection it came on: method, path with query, headers and body forwarded as they
 * are; the answer (status, headers, body, so a redirect too) sent back untouched, with one header
 * added, `x-test-backend`, naming the backend that answered (its index), so a test can check that
 * two steps of a flow really ran on different processes.
 *
 * Requests are forwarded one to one; hop-by-hop headers (RFC 9110 §7.6.1) are not.
 *
 * @packageDocumentation
 */
import { once } from 'node:events';
import { createServer, request as forward } from 'node:http';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** The header naming the backend (its index) that answered. */
export const BACKEND_HEADER = 'x-test-backend';

/** Headers that belong to one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
]);

/** A running proxy. */
export interface RoundRobinProxy {
  /** e.g. `http://127.0.0.1:40125` */
  readonly url: string;
  /** Sets the backends' base URLs; the request after this goes to the first. */
  setBackends(urls: readonly string[]): void;
  /** The index of the backend the next request goes to. */
  next(): number;
  /** Stops listening and ends every connection. */
  close(): Promise<void>;
}

function forwarded(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

/** Starts the proxy on a free port of 127.0.0.1, without backends yet (it answers 503 then). */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let backends: URL[] = [];
  let turn = 0;
  const server = createServer((incoming, outgoing) => {
    const index = turn % Math.max(backends.length, 1);
    const backend = backends[index];
    turn += 1;
    if (backend === undefined) {
      outgoing.writeHead(503).end();
      return;
    }
    const upstream = forward(
      {
        protocol: backend.protocol,
        hostname: backend.hostname,
        port: backend.port,
        method: incoming.method,
        path: incoming.url,
        headers: forwarded(incoming.headers),
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...forwarded(answer.headers),
          [BACKEND_HEADER]: String(index),
        });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { [BACKEND_HEADER]: String(index) });
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    setBackends(urls) {
      backends = urls.map((url) => new URL(url));
      turn = 0;
    },
    next: () => turn % Math.max(backends.length, 1),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
