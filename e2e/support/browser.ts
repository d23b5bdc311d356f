/**
 * Chromium for the browser tests: Debian's /usr/bin/chromium (CHROMIUM_PATH overrides) driven
 * by playwright-core, headless, with the flags of docs/architecture.md ("Real parts"). Never
 * `npx playwright install`: there is no internet.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserServer, LaunchOptions, Page } from 'playwright-core';
import { inject } from 'vitest';

/** The Chromium binary: CHROMIUM_PATH, or Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of docs/architecture.md: headless, no sandbox (root in CI), nothing phoning home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The cashier is a frame of another site (the host page), and the 3-D Secure page a frame in
  // it. With site isolation each is a renderer process of its own, and a mouse click is routed
  // between them by the browser from hit-test data that, on a loaded machine, lags a scroll or
  // a resize of the host page: clicks were now and then delivered to no document at all. One
  // process per page makes routing exact; nothing these tests check depends on the processes
  // (framing, CSP, storage and messaging are per origin either way).
  '--disable-site-isolation-trials',
  '--disable-features=IsolateOrigins,site-per-process',
] as const;

/** Where {@link screenshot} writes (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

function launchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    );
  }
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };
}

/** The run's one headless Chromium (global-setup.ts), which test files connect to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

/**
 * A connection to the run's Chromium (or, outside a run's global setup, a Chromium of its own);
 * close it in afterAll. Each test opens its own contexts in it, so nothing of one file's pages,
 * storage or cookies reaches another's.
 */
export async function launchBrowser(): Promise<Browser> {
  // Vitest's state exists only in a test run; a bench script launches its own Chromium.
  const endpoint = process.env.VITEST === undefined ? undefined : inject('chromiumEndpoint');
  if (endpoint !== undefined) return chromium.connect(endpoint);
  return chromium.launch(launchOptions());
}

/** Saves a PNG of the page as e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(
  page: Page,
  name: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** The desktop browser context of the layout checks (1280 × 900). */
export const DESKTOP_CONTEXT = { viewport: { width: 1280, height: 900 } } as const;

/** The phone browser context of the layout checks (390 × 844, touch, mobile). */
export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;
