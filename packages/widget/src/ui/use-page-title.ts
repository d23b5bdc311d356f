import { useEffect } from 'react';

/**
 * Sets the document title to the screen's title, so a screen reader announces where a route
 * change went and the host's tab shows it when the cashier opens in a new tab.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
