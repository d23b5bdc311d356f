import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_HEADER, startRoundRobinProxy } from './round-robin-proxy';
import type { RoundRobinProxy } from './round-robin-proxy';

/** A backend that echoes what it got, and redirects `/away`. */
async function echoBackend(name: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/away') {
        response.writeHead(303, { location: 'http://elsewhere.test/result?status=success' });
        response.end();
        return;
      }
      response.writeHead(201, { 'content-type': 'application/json', 'x-answer': name });
      response.end(
        JSON.stringify({
          name,
          method: request.method,
          url: request.url,
          header: request.headers['x-session-id'] ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { server, url: `http://127.0.0.1:${String(port)}` };
}

let proxy: RoundRobinProxy;
const backends: Server[] = [];

beforeAll(async () => {
  proxy = await startRoundRobinProxy();
  const started = await Promise.all([echoBackend('a'), echoBackend('b')]);
  backends.push(...started.map((entry) => entry.server));
  proxy.setBackends(started.map((entry) => entry.url));
});

afterAll(async () => {
  await proxy.close();
  for (const server of backends) {
    server.closeAllConnections();
    server.close();
  }
});

describe('the round-robin proxy of the multi-instance test (test support)', () => {
  it('alternates the backends per request and forwards method, path, headers and body', async () => {
    const answers = [];
    for (const index of [0, 1, 2]) {
      expect(proxy.next()).toBe(index % 2);
      const response = await fetch(`${proxy.url}/path/${String(index)}?q=1`, {
        method: 'POST',
        headers: { 'x-session-id': `s-${String(index)}`, 'content-type': 'text/plain' },
        body: `body ${String(index)}`,
      });
      answers.push({
        status: response.status,
        backend: response.headers.get(BACKEND_HEADER),
        answer: response.headers.get('x-answer'),
        body: await response.json(),
      });
    }
    expect(answers).toEqual(
      [0, 1, 2].map((index) => ({
        status: 201,
        backend: String(index % 2),
        answer: index % 2 === 0 ? 'a' : 'b',
        body: {
          name: index % 2 === 0 ? 'a' : 'b',
          method: 'POST',
          url: `/path/${String(index)}?q=1`,
          header: `s-${String(index)}`,
          body: `body ${String(index)}`,
        },
      })),
    );
  });

  it('passes a redirect back untouched', async () => {
    const response = await fetch(`${proxy.url}/away`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://elsewhere.test/result?status=success');
  });
});
