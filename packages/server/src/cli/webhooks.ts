/**
 * Dead-lettered webhooks from the command line (README "Webhooks"), on the database the
 * environment names (DATABASE_URL, or the PGlite under DATA_DIR; the server's own settings):
 *
 * ```sh
 * npm run webhooks -w @cashdesk/server -- list-dead
 * npm run webhooks -w @cashdesk/server -- redeliver <event-id> [<event-id> …]
 * npm run webhooks -w @cashdesk/server -- redeliver --all-dead
 * ```
 *
 * `redeliver` puts the events back in the queue with a fresh count of attempts; the dispatchers
 * of the running servers send them at their next look (WEBHOOK_INTERVAL_MS). A PGlite data folder
 * belongs to one process: use the command while its server is stopped, or the SQL of the README.
 *
 * @packageDocumentation
 */
import { asc } from 'drizzle-orm';
import { configuredDatabase, loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { webhookEvents } from '../db/schema';
import { isUuid } from '../platform/ids';
import { DEAD_EVENT, requeueDeadEvents } from '../modules/webhooks';
import { startupFailureMessage } from '../startup-failure';

const USAGE = 'usage: webhooks list-dead | redeliver <event-id>… | redeliver --all-dead\n';

async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'list-dead' && command !== 'redeliver') {
    process.stderr.write(USAGE);
    return 2;
  }
  const all = rest.includes('--all-dead');
  const ids = rest.filter((arg) => arg !== '--all-dead');
  if (command === 'redeliver' && (all ? ids.length > 0 : ids.length === 0)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const bad = ids.filter((id) => !isUuid(id));
  if (bad.length > 0) {
    process.stderr.write(`not an event id (a UUID): ${bad.join(', ')}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    if (command === 'list-dead') {
      const rows = await database.db
        .select()
        .from(webhookEvents)
        .where(DEAD_EVENT)
        .orderBy(asc(webhookEvents.seq));
      for (const row of rows) {
        process.stdout.write(
          `${row.id}  ${row.type}  attempts ${String(row.attempts)}  ${row.lastError ?? ''}  dead since ${row.deadAt?.toISOString() ?? '?'}\n`,
        );
      }
      process.stdout.write(`${String(rows.length)} dead-lettered event(s)\n`);
      return 0;
    }
    const requeued = await requeueDeadEvents(database.db, all ? undefined : ids);
    for (const id of requeued) process.stdout.write(`requeued ${id}\n`);
    const skipped = ids.filter((id) => !requeued.includes(id));
    if (skipped.length > 0) {
      process.stdout.write(`not dead-lettered (left as they are): ${skipped.join(', ')}\n`);
    }
    process.stdout.write(`${String(requeued.length)} event(s) requeued\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(startupFailureMessage('webhooks', error));
    process.exit(1);
  },
);
