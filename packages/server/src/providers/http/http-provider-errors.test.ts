import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderNotReachedError } from '../payment-provider';
import { NOW, depositInput, newCard, payoutInput } from '../sandbox/test-support';
import { createSimulator } from '@cashdesk/testkit';
import { HttpPaymentProvider } from './http-provider';
import { callError, failureOf } from './test-support';

/** A request as a stub PSP received it. */
interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Servers a test started, closed after it. */
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A stub PSP on an ephemeral port that records each request and answers with `answer`. */
async function stubPsp(
  answer: (response: ServerResponse, received: Received) => void,
): Promise<{ readonly url: string; readonly received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      answer(response, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  );
  const { port } = addressOf(server.address());
  return { url: `http://127.0.0.1:${port}`, received };
}

function addressOf(address: string | AddressInfo | null): AddressInfo {
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address;
}

/** A stub that answers every request with `status` and `body` (JSON unless a string). */
function answering(status: number, body: unknown) {
  return stubPsp((response) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json' }).end(text);
  });
}

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = addressOf(server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const CARD = newCard('4000000000000101', { cvv: '9312' });

describe('HttpPaymentProvider: what reaches the PSP', () => {
  it('the card travels in the deposit body only: not in the path, the query or a header', async () => {
    const psp = await answering(200, { outcome: 'declined', reason: 'declined' });
    const input = depositInput({ card: CARD, transactionId: 'tx-card-1' });
    await new HttpPaymentProvider({ baseUrl: psp.url, apiKey: 'k-1' }).authorizeDeposit(input, NOW);
    const [request] = psp.received;
    if (request === undefined) throw new Error('nothing received');
    expect(request).toMatchObject({ method: 'POST', url: '/v1/deposits' });
    expect(request.headers).toMatchObject({
      'idempotency-key': 'tx-card-1',
      'cashdesk-now': NOW.toISOString(),
      authorization: 'Bearer k-1',
      'content-type': 'application/json',
    });
    const outside = JSON.stringify([request.url, request.headers]);
    expect(outside).not.toContain(CARD.pan);
    expect(outside).not.toContain(CARD.cvv);
    expect(JSON.parse(request.body)).toMatchObject({ card: { pan: CARD.pan, cvv: CARD.cvv } });
  });

  it('an input that does not fit the protocol is never sent: ProviderNotReachedError naming the field, not its value', async () => {
    const psp = await answering(200, {});
    const error = await failureOf(
      new HttpPaymentProvider({ baseUrl: psp.url }).authorizeDeposit(
        depositInput({ card: CARD, currency: 'eur' }),
        NOW,
      ),
    );
    expect(error).toBeInstanceOf(ProviderNotReachedError);
    expect(String(error)).toContain('currency');
    expect(String(error)).not.toContain(CARD.pan);
    expect(psp.received).toEqual([]);
  });
});

describe('HttpPaymentProvider: failures and the error each gives', () => {
  it('a refused connection is ProviderNotReachedError', async () => {
    const provider = new HttpPaymentProvider({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const error = await failureOf(provider.authorizeDeposit(depositInput({ card: CARD }), NOW));
    expect(error).toBeInstanceOf(ProviderNotReachedError);
    expect(String(error)).toContain('refused');
  });

  it('a 503 without the not_processed code (a proxy, a load balancer) is an unknown outcome', async () => {
    const psp = await answering(503, '<html>Service Unavailable</html>');
    const error = await callError(
      new HttpPaymentProvider({ baseUrl: psp.url }).payout(payoutInput(), NOW),
      'http',
    );
    expect(error.httpStatus).toBe(503);
  });

  it('a lookup against a wrong base URL is an error, never not_found', async () => {
    const simulator = createSimulator();
    const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => simulator.close());
    const provider = new HttpPaymentProvider({ baseUrl: `${url}/psp` });
    const error = await callError(provider.lookup('tx-1', NOW), 'http');
    expect(error.httpStatus).toBe(404);
  });

  it("a 404 whose code is not the route's unknown-reference code is an error", async () => {
    const psp = await answering(404, { error: { code: 'not_found', message: 'x' } });
    await callError(new HttpPaymentProvider({ baseUrl: psp.url }).status('ref-1', NOW), 'http');
  });

  it.each([
    ['not JSON', 'OK'],
    ['an outcome the contract has not', { outcome: 'maybe', providerRef: 'r' }],
    ['a processing answer without its date', { outcome: 'processing', providerRef: 'r' }],
    [
      'a date that is no ISO instant',
      { outcome: 'processing', providerRef: 'r', settlesAt: 'tomorrow' },
    ],
    ['money as a number', { outcome: 'approved', providerRef: 'r', card: { last4: 101 } }],
  ])('a 200 answer with %s is malformed (outcome unknown)', async (_what, body) => {
    const psp = await answering(200, body);
    const error = await callError(
      new HttpPaymentProvider({ baseUrl: psp.url }).authorizeDeposit(
        depositInput({ card: CARD }),
        NOW,
      ),
      'malformed',
    );
    expect(error.message).not.toContain(CARD.pan);
  });

  it('a redirect is not followed (the body would go elsewhere): an unknown outcome, and the target receives nothing', async () => {
    const target = await answering(200, { outcome: 'declined', reason: 'declined' });
    const psp = await stubPsp((response) => {
      response.writeHead(307, { location: `${target.url}/v1/deposits` }).end();
    });
    await callError(
      new HttpPaymentProvider({ baseUrl: psp.url }).authorizeDeposit(
        depositInput({ card: CARD }),
        NOW,
      ),
      'network',
    );
    expect(target.received).toEqual([]);
  });

  it('a simulator with an API key refuses a caller without it (401, outcome error) and serves one with it', async () => {
    const simulator = createSimulator({ apiKey: 'secret-key-1' });
    const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => simulator.close());
    const input = depositInput({ card: CARD });
    const error = await callError(
      new HttpPaymentProvider({ baseUrl: url }).authorizeDeposit(input, NOW),
      'http',
    );
    expect(error.httpStatus).toBe(401);
    await callError(
      new HttpPaymentProvider({ baseUrl: url, apiKey: 'wrong' }).authorizeDeposit(input, NOW),
      'http',
    );
    const outcome = await new HttpPaymentProvider({
      baseUrl: url,
      apiKey: 'secret-key-1',
    }).authorizeDeposit(input, NOW);
    expect(outcome).toMatchObject({ outcome: 'approved' });
  });
});

describe('HttpPaymentProvider options', () => {
  it.each([
    [{ baseUrl: 'ftp://psp.example.test' }],
    [{ baseUrl: 'not a url' }],
    [{ baseUrl: 'http://psp.example.test', name: 'Not Valid' }],
    [{ baseUrl: 'http://psp.example.test', timeoutMs: 0 }],
  ])('refuses %j', (options) => {
    expect(() => new HttpPaymentProvider(options)).toThrow();
  });

  it('is named simulator unless told otherwise', () => {
    expect(new HttpPaymentProvider({ baseUrl: 'http://psp.example.test' }).name).toBe('simulator');
    expect(
      new HttpPaymentProvider({ baseUrl: 'http://psp.example.test', name: 'acme-psp' }).name,
    ).toBe('acme-psp');
  });
});
