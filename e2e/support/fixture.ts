/**
 * The real parts a browser-test file runs against: the stack (server, database, built widget,
 * demo host page) and Debian Chromium, started once before the file's tests and stopped after
 * them. Every browser-test file uses this instead of its own beforeAll/afterAll pair.
 *
 * @packageDocumentation
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startStack } from './stack';
import type { Stack, StackOptions } from './stack';

/** The file's stack and browser; reading either before the file's tests start throws. */
export interface StackAndBrowser {
  readonly stack: Stack;
  readonly browser: Browser;
}

/** Starts the stack (with `options`) and Chromium for this file's tests, and stops both after. */
export function useStackAndBrowser(options: StackOptions = {}): StackAndBrowser {
  let stack: Stack | null = null;
  let browser: Browser | null = null;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  return {
    get stack(): Stack {
      if (stack === null) throw new Error('the stack starts before the first test of the file');
      return stack;
    },
    get browser(): Browser {
      if (browser === null) throw new Error('the browser starts before the first test of the file');
      return browser;
    },
  };
}
