/**
 * Screen-reader announcements without the store: the live regions are rendered by the shell
 * before the app's code loads (a region must exist before its text changes to be read out), so
 * the text lives in this tiny module that both can reach.
 *
 * @packageDocumentation
 */
import { useSyncExternalStore } from 'react';

/** How urgently a text is read out. */
export type Politeness = 'polite' | 'assertive';

interface Texts {
  readonly polite: string;
  readonly assertive: string;
}

let texts: Texts = { polite: '', assertive: '' };
const listeners = new Set<() => void>();

/**
 * Reads a text out. The region is emptied first and filled on the next frame, so the same text
 * twice in a row (the same error after a second failed submit) is announced twice.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  texts = { ...texts, [politeness]: '' };
  listeners.forEach((listener) => {
    listener();
  });
  const fill = () => {
    texts = { ...texts, [politeness]: text };
    listeners.forEach((listener) => {
      listener();
    });
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fill);
  else fill();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current announcement texts, for the live regions. */
export function useAnnouncements(): Texts {
  return useSyncExternalStore(
    subscribe,
    () => texts,
    () => texts,
  );
}
