/**
 * The realtime hub's websocket transport (hub.ts takes the upgrades): a `ws` socket as a
 * connection's {@link Transport}, and the answer to an upgrade refused before its handshake.
 *
 * @packageDocumentation
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Transport } from './hub-client';

/** A websocket as a connection's transport. */
export function websocketTransport(socket: WebSocket): Transport {
  return {
    send: (frame) => {
      socket.send(frame);
    },
    close: (reason) => {
      // Centrifugo's close reason: JSON the client reads `reconnect` from.
      socket.close(
        reason.code,
        JSON.stringify({ reason: reason.reason, reconnect: reason.reconnect }),
      );
    },
    get open() {
      return socket.readyState === socket.OPEN;
    },
    get buffered() {
      return socket.bufferedAmount;
    },
  };
}

/** Refuses an upgrade with an HTTP status, before any handshake. */
export function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
