/**
 * Screen-reader announcements. The two live regions are static elements of index.html, present
 * before any script runs, because a screen reader only announces changes to a region it already
 * knows; this module writes into them, so it works before the store and React exist and from any
 * screen.
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

/** Counts {@link clearAnnouncements}: a text asked for before the last clearing is dropped. */
let screenGeneration = 0;

/**
 * Reads a text out. The region is emptied first and filled on the next frame, so the same text
 * twice in a row (the same error after a second failed submit) is announced twice. A text whose
 * screen was left before that frame is not written.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const region = document.getElementById(LIVE_REGION_IDS[politeness]);
  if (region === null) return;
  region.textContent = '';
  const askedIn = screenGeneration;
  const fill = () => {
    if (askedIn === screenGeneration) region.textContent = text;
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fill);
  else fill();
}

/**
 * Empties both live regions and drops the texts not written yet (an error said on the method form
 * stayed in the assertive region, where a screen reader's reading of the page still found it on the
 * success page). The app calls it on every change of screen, before the new screen's own
 * announcements.
 */
export function clearAnnouncements(): void {
  screenGeneration += 1;
  for (const id of Object.values(LIVE_REGION_IDS)) {
    const region = document.getElementById(id);
    if (region !== null) region.textContent = '';
  }
}
