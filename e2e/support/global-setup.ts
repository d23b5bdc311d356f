/**
 * Vitest global setup of the browser tests, once per run:
 * - builds the widget, the back office and the demo host page when they are missing or older than
 *   their sources (scripts/build-frontends.ts; with WIDGET_DIR set, that widget is used as it is);
 * - launches the run's one Chromium, which every test file connects to (browser.ts) and opens
 *   contexts of its own in;
 * - dumps a migrated and seeded database that every file's stack loads instead of migrating and
 *   seeding its own (stack.ts; the server tests' copy, database-template.ts).
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';
import { provideSeededPglite } from '../../packages/server/src/test/database-template';
import { BACK_OFFICE, DEMO_PAGE, WIDGET, ensureBuilt } from '../../scripts/build-frontends';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (playwright's browser server), for `chromium.connect`. */
    chromiumEndpoint: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if ((process.env.WIDGET_DIR?.trim() ?? '') === '') await ensureBuilt(WIDGET);
  await ensureBuilt(DEMO_PAGE);
  await ensureBuilt(BACK_OFFICE);
  const [browser, removeSeeded] = await Promise.all([
    launchBrowserServer(),
    provideSeededPglite(project),
  ]);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await removeSeeded();
  };
}
