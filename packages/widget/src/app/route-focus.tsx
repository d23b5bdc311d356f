import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { announce } from '../ui/announcer';

/** Where the screens render (app-routes.tsx). */
const MAIN_ID = 'cashier-main';

/** Whether focus is nowhere the player put it: on the body, or on an element the change removed. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/** The new screen's heading: the first level-one heading inside the main element. */
function screenHeading(): HTMLElement | null {
  return document.getElementById(MAIN_ID)?.querySelector<HTMLElement>('h1') ?? null;
}

/**
 * Moves focus to `heading` (reachable by script only) without scrolling the host page, and
 * reads its text out politely.
 */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  const title = heading.textContent.trim();
  if (title !== '') announce(title, 'polite');
}

/**
 * Focus on screen changes (WCAG 2.4.3 focus order, 4.1.3 status messages): on every screen change
 * inside the cashier (not the first screen, nor a screen the cashier moves to by itself before the
 * player has been in it, such as the automatic method choice: the host page keeps its focus when
 * the cashier loads), focus goes to the new screen's level-one heading and its title is announced
 * politely, so a keyboard or screen-reader user starts at the top of the new screen instead of on
 * the document body.
 *
 * Coming back to a screen (an overlay such as the country picker closed, or the browser's back)
 * returns focus to the control it was left from, when that control is still there.
 *
 * A screen that put focus somewhere itself (the first invalid field, the 3-D Secure heading, a
 * dialog) keeps it: only lost focus is moved. A screen whose heading arrives later (its code or
 * data still loading) is watched until the heading appears, the player moves focus, or the next
 * screen change. Renders nothing; it goes before the routes (see `shownKey`).
 */
export function RouteFocus() {
  const { pathname, key } = useLocation();
  const first = useRef(true);
  // The element last focused at each history entry: coming back to an entry (an overlay closed,
  // the browser's back), focus returns to the control the player left it from.
  const lastFocused = useRef(new Map<string, Element>());
  // The entry being shown. A screen that focuses something as it mounts (a picker's search
  // field) does so in the commit, and that focus belongs to the new entry, not to the one the
  // player left: so the key moves in a layout effect, which runs before the refs of the screens
  // rendered after this component (it is rendered before the routes).
  const shownKey = useRef(key);
  useLayoutEffect(() => {
    shownKey.current = key;
  }, [key]);
  // Whether the player has been in the cashier (focused, pressed or clicked something in it).
  // Until then the focus is the host page's: a screen change the cashier makes by itself (the
  // automatic method choice right after it loads) must not pull the focus into the frame.
  const entered = useRef(false);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target !== document.body) {
        entered.current = true;
        lastFocused.current.set(shownKey.current, event.target);
      }
    };
    const enter = () => {
      entered.current = true;
    };
    document.addEventListener('focusin', remember);
    document.addEventListener('pointerdown', enter, true);
    document.addEventListener('keydown', enter, true);
    return () => {
      document.removeEventListener('focusin', remember);
      document.removeEventListener('pointerdown', enter, true);
      document.removeEventListener('keydown', enter, true);
    };
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    // Not yet entered: the screen is still the cashier's first, as far as the player knows.
    if (!entered.current) return undefined;
    const main = document.getElementById(MAIN_ID);
    if (main === null) return undefined;
    const tryFocus = (): boolean => {
      if (!focusIsLost()) return true;
      const opener = lastFocused.current.get(key);
      if (opener instanceof HTMLElement && opener.isConnected) {
        opener.focus({ preventScroll: true });
        if (document.activeElement === opener) return true;
      }
      const heading = screenHeading();
      if (heading === null) return false;
      focusHeading(heading);
      return true;
    };
    // The focus can be lost again after it was placed, or only later: while the new screen's
    // code loads, the previous screen stays on screen (its heading too, which may have taken the
    // focus, or the submit button that kept it), and goes only when the new screen comes. So the
    // screen is watched: lost focus is placed again, until the player moves the focus elsewhere
    // or the next screen change.
    let lostSeen = false;
    let placed: Element | null = null;
    const settle = (): boolean => {
      if (focusIsLost()) {
        lostSeen = true;
        if (tryFocus()) placed = document.activeElement;
        return true;
      }
      // The player moved the focus: off the placed heading, or (none placed yet) after a loss.
      return placed === null ? !lostSeen : document.activeElement === placed;
    };
    const observer = new MutationObserver(() => {
      if (!settle()) observer.disconnect();
    });
    settle();
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
    };
  }, [pathname, key]);
  return null;
}
