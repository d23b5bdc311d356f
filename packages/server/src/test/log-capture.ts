/**
 * A logger of the server (http/logger.ts) that writes into memory, for tests that read what was
 * logged.
 *
 * @packageDocumentation
 */
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../http/logger';

/** The logger at level info and the text of every line it wrote. */
export function captureLogs(): { readonly logger: Logger; readonly text: () => string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), text: () => lines.join('') };
}
