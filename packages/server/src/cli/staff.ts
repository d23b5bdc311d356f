/**
 * The back office's staff from the command line, on the database the environment names
 * (DATABASE_URL, or the PGlite under DATA_DIR; the server's own settings). In production there
 * are no demo accounts, so the first administrator is invited here:
 *
 * ```sh
 * npm run staff -w @cashdesk/server -- invite-admin ops@example.com 'Ops Lead'
 * ```
 *
 * prints the invitation link (valid 72 hours; the token is in its fragment): open it to set the
 * password, then sign in at /back-office and set up the second factor. Everyone else is invited
 * from the back office. A PGlite data folder belongs to one process: run the command while its
 * server is stopped.
 *
 * @packageDocumentation
 */
import { configuredDatabase, loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { isApiError } from '../http/api-error';
import { inviteAdministrator } from '../modules/staff';
import { startupFailureMessage } from '../startup-failure';

const USAGE = 'usage: staff invite-admin <email> <name>\n';

async function main(args: readonly string[]): Promise<number> {
  const [command, email, name, ...rest] = args;
  if (command !== 'invite-admin' || email === undefined || name === undefined || rest.length > 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    let invitation;
    try {
      invitation = await inviteAdministrator(database.db, {
        email,
        name,
        publicUrl: config.publicUrl,
        now: new Date(),
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const why =
        error.errorName === 'operatorConflict'
          ? 'the address is already a staff member'
          : `${error.field ?? 'input'} is not valid`;
      process.stderr.write(`staff: ${why}; nothing was written\n`);
      return 1;
    }
    process.stdout.write(
      `Invited ${invitation.staff.email} as administrator. Their link (once, until ${invitation.expires_at}):\n${invitation.url}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(startupFailureMessage('staff', error));
    process.exit(1);
  },
);
