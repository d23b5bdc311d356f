import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** The narrowest an amount block gets, and the gap between blocks (amount-field.css). */
export const AMOUNT_BLOCK_MIN_PX = 88;
export const AMOUNT_BLOCK_GAP_PX = 8;

/**
 * How many amount blocks go in a row: all of them when they fit, else the fewest rows they need,
 * each with as few blocks as still fill those rows. So 4 blocks on a phone that fits 3 go 2 + 2,
 * not 3 + 1 with a lone block under the others; 5 that fit 4 go 3 + 2, 6 that fit 4 go 3 + 3.
 */
export function balancedColumns(count: number, widthPx: number): number {
  if (count <= 1) return 1;
  const fit = Math.max(
    1,
    Math.floor((widthPx + AMOUNT_BLOCK_GAP_PX) / (AMOUNT_BLOCK_MIN_PX + AMOUNT_BLOCK_GAP_PX)),
  );
  if (fit >= count) return count;
  return Math.ceil(count / Math.ceil(count / fit));
}

/**
 * The column count for `count` blocks in the element, followed as its width changes (a
 * ResizeObserver; read before the first paint). Undefined until measured, or where there is no
 * ResizeObserver: the stylesheet's own auto-fit grid lays the blocks out then.
 */
export function useBalancedColumns(
  element: RefObject<HTMLElement | null>,
  count: number,
): number | undefined {
  const [columns, setColumns] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const node = element.current;
    if (node === null || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const width = node.getBoundingClientRect().width;
      setColumns(width > 0 ? balancedColumns(count, width) : undefined);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [element, count]);
  return columns;
}
