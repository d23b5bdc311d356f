/**
 * Vitest global setup of the browser tests: builds the widget and the demo host page when they
 * are missing or older than their sources (scripts/build-frontends.ts), once per run. With
 * WIDGET_DIR set, that widget is used as it is and not built.
 */
import { DEMO_PAGE, WIDGET, ensureBuilt } from '../../scripts/build-frontends';

export default async function setup(): Promise<void> {
  if ((process.env.WIDGET_DIR?.trim() ?? '') === '') await ensureBuilt(WIDGET);
  await ensureBuilt(DEMO_PAGE);
}
