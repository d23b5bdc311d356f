/**
 * Screen-reader announcements (issue 4 accessibility). The two live regions are static elements
 * of index.html, present before any script runs, because a screen reader only announces changes
 * to a region it already knows; this module writes into them, so it works before the store and
 * React exist and from any screen.
 *
 * @packageDocumentation
 */

/** How urgently a text is read out. */
export type Politeness = 'polite' | 'assertive';

/** The ids of the live regions in index.html. */
export const LIVE_REGION_IDS: Readonly<Record<Politeness, string>> = {
  polite: 'cd-live-polite',
  assertive: 'cd-live-assertive',
};

/**
 * Reads a text out. The region is emptied first and filled on the next frame, so the same text
 * twice in a row (the same error after a second failed submit) is announced twice.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const region = document.getElementById(LIVE_REGION_IDS[politeness]);
  if (region === null) return;
  region.textContent = '';
  const fill = () => {
    region.textContent = text;
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fill);
  else fill();
}
