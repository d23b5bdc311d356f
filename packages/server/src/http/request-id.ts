/**
 * One request id on every log line of a request and on its answer, so an operator can
 * go from a player's failed call (or a load balancer's log) to the server's lines about it.
 *
 * - A request that brings an `x-request-id` (a proxy, a load balancer, the operator's backend)
 *   keeps it when it is short and made of safe characters ({@link REQUEST_ID_PATTERN}); anything
 *   else (too long, spaces, quotes, control characters, the header twice) is replaced, so a
 *   client cannot write into the logs through it.
 * - Otherwise the server makes one: a random UUID, unique across processes (Fastify's default
 *   counter starts again at every start and in every process).
 * - Fastify binds the id to the request's logger as `reqId`, so every line logged through
 *   `request.log` carries it (the payment pipeline logs through it too); the answer carries it as
 *   `x-request-id`, error answers included.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The header a request id comes in and goes out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id kept as it is: 1 to 128 letters, digits and `.` `_` `:` `-` (UUIDs, ULIDs,
 * trace ids and most load balancers' ids).
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the request's own id when it is acceptable, a new UUID otherwise. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/**
 * Sends the request id back on every answer. Set when the request arrives, so that error
 * answers, not-found answers and answers of hooks that end a request early carry it too.
 */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * Wraps Fastify's `frameworkErrors` handler (an address it cannot decode, a path parameter over
 * its limit): those answers are sent before any hook runs, so the header is set here.
 */
export function withRequestIdHeader<E>(
  handler: (error: E, request: FastifyRequest, reply: FastifyReply) => void,
): (error: E, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    handler(error, request, reply);
  };
}
