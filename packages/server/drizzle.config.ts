/**
 * drizzle-kit configuration: `npm run db:generate -w @cashdesk/server` writes a migration for
 * every change of the schema (src/db/schema/, read whole through its index.ts) into drizzle/
 * (committed); the server applies them on start (src/db/open.ts) on PGlite and PostgreSQL alike.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: false,
});
