import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetStoredTextForTests } from '../storage/stored-text';

/**
 * jsdom lacks a few browser methods the widget relies on. Give it small faithful versions so the
 * components run as in Chromium: <dialog> showModal()/close() toggle the open attribute (what
 * jsdom renders), matchMedia answers "no match" (no reduced-motion preference), and scrollTo
 * records nothing (jsdom has no layout).
 */
function installJsdomGaps(): void {
  const dialog = HTMLDialogElement.prototype;
  if (typeof Reflect.get(dialog, 'showModal') !== 'function') {
    Reflect.set(dialog, 'showModal', function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
  }
  if (typeof Reflect.get(dialog, 'close') !== 'function') {
    Reflect.set(dialog, 'close', function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
  }
  if (typeof Reflect.get(window, 'matchMedia') !== 'function') {
    Reflect.set(window, 'matchMedia', (query: string): MediaQueryList => {
      const list: MediaQueryList = Object.assign(new EventTarget(), {
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
      });
      return list;
    });
  }
  Reflect.set(window, 'scrollTo', () => undefined);
}

installJsdomGaps();

// findBy* and waitFor give up after 1 s by default: a lazy route's first import on a loaded
// machine can take longer. Waiting longer only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  // What a test kept outside the browser's storage (the page's copy of refused writes, the host's
  // values, the relay) goes with it.
  resetStoredTextForTests();
  // Cookies outlive a test in jsdom as storage does not clear itself either: each test starts
  // without them (the analytics cookie would carry one test's analytics session into the next).
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim() ?? '';
    if (name !== '') document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

// A test file's own afterEach runs before the cleanup above (hooks unwind as a stack), so a page
// still settling when its test ends (a status answer in flight) can call a mocked module after the
// file cleared it and before it is unmounted. Clear every mock's calls when the next test starts,
// after that unmount, so no call ever leaks into the next test's expectations. Implementations
// stay as each file set them.
beforeEach(() => {
  vi.clearAllMocks();
});
