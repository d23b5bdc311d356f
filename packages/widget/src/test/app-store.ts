/**
 * A store as the app makes it at start-up, for the tests of the parts that read it without
 * rendering a screen (the session's clock, the realtime connection, the push hooks).
 */
import { readStartup } from '../startup/startup';
import { createAppStore } from '../store/store';
import type { AppStore } from '../store/store';

/** The store of a page opened at `address` (a deposit page of session s-1 by default). */
export function storeAt(
  address = 'https://cashier.test/deposit?session_id=s-1',
  now?: number,
): AppStore {
  return createAppStore(
    readStartup({ address, windowWidth: 800, windowHeight: 600, userAgent: 'test', inFrame: true }),
    now,
  );
}
