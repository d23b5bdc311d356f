/**
 * SPEC §7: the realtime hub's HTTP transports (modules/realtime/hub-emulation.ts): SSE at
 * `GET /connection/sse`, HTTP streaming at `POST /connection/http_stream`, and the commands of
 * either at `POST /emulation`. Their input is checked before the hub takes it, and bad input is
 * answered as bad input: a missing or malformed connect command or emulation request 400
 * (malformedRequest, invalidField), one larger than the hub's largest frame 413 (bodyTooLarge);
 * an address at its most connections 429 (rateLimited), as at the websocket's upgrade. The hub
 * then applies its own rules, the same as over a websocket.
 *
 * @packageDocumentation
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../../http/app-types';
import { ApiError } from '../../../http/api-error';
import { isRecord } from '../../../platform/is-record';
import { EMULATION_PATH, HTTP_STREAM_PATH, SSE_PATH } from '../hub-emulation';
import type { EmulationRequest, StreamKind } from '../hub-emulation';
import type { RealtimeHub } from '../hub';

/** The longest `session` and `node` of an emulation request (the hub's are UUIDs). */
const MAX_NAME_LENGTH = 64;

function checkedFrame(hub: RealtimeHub, frame: string): string {
  if (Buffer.byteLength(frame, 'utf8') > hub.maxFrameBytes) throw new ApiError('bodyTooLarge');
  return frame;
}

/** Opens the stream of `kind` for `request`, whose first frame (`connect`) is `frame`. */
function openStream(
  hub: RealtimeHub,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: StreamKind,
  frame: string,
): void {
  const address = hub.addressOf(request.raw);
  const refusal = hub.refusal(address);
  if (refusal === 'address') {
    throw new ApiError('rateLimited', { headers: { 'retry-after': '1' } });
  }
  if (refusal === 'stopping') {
    void reply.code(503).send();
    return;
  }
  // The hub writes the stream itself, past Fastify's serializer and compression.
  reply.hijack();
  hub.openStream(address, reply.raw, kind, frame);
}

/** Reads an emulation request's body. */
function emulationRequest(hub: RealtimeHub, body: unknown): EmulationRequest {
  if (!isRecord(body)) throw new ApiError('malformedRequest');
  const { session, node, data } = body;
  for (const [field, value] of [
    ['session', session],
    ['node', node],
  ] as const) {
    if (typeof value !== 'string' || value === '' || value.length > MAX_NAME_LENGTH) {
      throw new ApiError('invalidField', { field: `body.${field}` });
    }
  }
  if (typeof data !== 'string') throw new ApiError('invalidField', { field: 'body.data' });
  return { session: String(session), node: String(node), data: checkedFrame(hub, data) };
}

/** Registers the routes of the module comment. */
export function registerRealtimeTransportRoutes(app: App): void {
  const hub = app.cashdesk.realtime;
  const frameLimit = hub.maxFrameBytes;
  app.get(SSE_PATH, (request, reply) => {
    const query: unknown = request.query;
    const frame = isRecord(query) ? query.cf_connect : undefined;
    if (typeof frame !== 'string' || frame === '') {
      throw new ApiError('invalidField', { field: 'query.cf_connect' });
    }
    openStream(hub, request, reply, 'sse', checkedFrame(hub, frame));
  });
  app.post(HTTP_STREAM_PATH, { bodyLimit: frameLimit }, (request, reply) => {
    if (!isRecord(request.body)) throw new ApiError('malformedRequest');
    openStream(hub, request, reply, 'http_stream', JSON.stringify(request.body));
  });
  // The data is JSON inside JSON: escaping may double it.
  app.post(EMULATION_PATH, { bodyLimit: 2 * frameLimit + 1024 }, async (request, reply) => {
    const outcome = await hub.emulate(emulationRequest(hub, request.body));
    if (outcome === 'too-large') throw new ApiError('bodyTooLarge');
    return reply.code(204).send();
  });
}
