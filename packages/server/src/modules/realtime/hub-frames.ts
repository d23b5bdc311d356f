/**
 * The frames of a realtime connection (hub.ts has the protocol): a frame holds one or more JSON
 * commands, one per line; their replies go back in one frame, one per line, in the commands'
 * order. A command answered after the database (a {@link Waiting}: a `connect`, a recovering
 * `subscribe`, `history`, `presence`) holds the rest of its frame, and the connection's next
 * frames, until it is answered. A publication's reply comes once it is stored, in a frame of its
 * own (the client matches replies by id). A line that is not JSON closes the connection (3501).
 *
 * @packageDocumentation
 */
import type { Client } from './hub-client';
import type { Waiting } from './hub-commands';

/** What a frame's commands are handed to (the hub). */
export interface FrameHandler {
  /** Whether the connection is still open. */
  isOpen(client: Client): boolean;
  /**
   * One command's reply (a promise of it for a publication); `null` for none (a pong, a send),
   * `closed` when the connection was closed.
   */
  handle(client: Client, command: unknown): object | Promise<object> | Waiting | null | 'closed';
  /** Closes the connection for a frame that is not JSON (3501). */
  badRequest(client: Client): void;
}

function isWaiting(outcome: object | null): outcome is Waiting {
  return outcome !== null && 'answer' in outcome && outcome.answer instanceof Promise;
}

/** Takes a frame of `client`'s commands, after those it is still answering. */
export function receiveFrame(handler: FrameHandler, client: Client, text: string): void {
  client.heard = true;
  const previous = client.waiting;
  const lines = text.split('\n');
  const pending =
    previous === null
      ? processFrame(handler, client, lines, 0, [], [], [])
      : previous.then(() => processFrame(handler, client, lines, 0, [], [], []));
  if (pending === undefined) return;
  const mine: Promise<void> = pending.then(() => {
    if (client.waiting === mine) client.waiting = null;
  });
  client.waiting = mine;
}

/**
 * Handles the commands of one frame from `from` on and sends their replies in one frame; a
 * {@link Waiting} holds the rest back (a promise of the frame's end then). `afters` run once the
 * replies went out.
 */
function processFrame(
  handler: FrameHandler,
  client: Client,
  lines: readonly string[],
  from: number,
  replies: string[],
  later: Promise<object>[],
  afters: (() => void)[],
): Promise<void> | undefined {
  if (!handler.isOpen(client)) return undefined;
  for (let index = from; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    let command: unknown;
    try {
      command = JSON.parse(line);
    } catch {
      handler.badRequest(client);
      return undefined;
    }
    const outcome = handler.handle(client, command);
    if (outcome === 'closed') return undefined;
    if (isWaiting(outcome)) {
      return outcome.answer.then((answer) => {
        if (answer === 'closed') return;
        replies.push(JSON.stringify(answer));
        if (outcome.after !== undefined) afters.push(outcome.after);
        return processFrame(handler, client, lines, index + 1, replies, later, afters);
      });
    }
    if (outcome instanceof Promise) later.push(outcome);
    else if (outcome !== null) replies.push(JSON.stringify(outcome));
  }
  if (replies.length > 0 && client.transport.open) client.transport.send(replies.join('\n'));
  for (const after of afters) after();
  if (later.length > 0) {
    void Promise.all(later).then((answers) => {
      if (!client.transport.open) return;
      client.transport.send(answers.map((answer) => JSON.stringify(answer)).join('\n'));
    });
  }
  return undefined;
}
