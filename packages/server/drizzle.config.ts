/**
 * drizzle-kit configuration: `npm run db:generate -w @cashdesk/server` writes a migration for
 * every change of src/db/schema.ts into drizzle/ (committed); the server applies them on start
 * (src/db/open.ts) on PGlite and PostgreSQL alike.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: false,
});
