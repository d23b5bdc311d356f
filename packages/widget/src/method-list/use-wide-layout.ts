import { SMALL_SCREEN_WIDTH_PX, isMobileWidth } from '@cashdesk/domain';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
  };
}

function isWide(): boolean {
  return !isMobileWidth(window.innerWidth);
}

function isSmall(): boolean {
  return window.innerWidth < SMALL_SCREEN_WIDTH_PX;
}

/**
 * SPEC §2, §9: whether the layout is wide (more than 1023 px), where the method list is split
 * into two columns. The cashier's own window is the frame, so its width is the layout width.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => false);
}

/** SPEC §9: whether the cashier's window is a small screen (under 600 px wide): a phone. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmall, () => true);
}
