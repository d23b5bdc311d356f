import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AMOUNT_BLOCK_GAP_PX, AMOUNT_BLOCK_MIN_PX, useBalancedColumns } from './balanced-columns';

/** A ResizeObserver the test drives: `resize()` calls every observer of an observed element. */
class FakeResizeObserver {
  static readonly live = new Set<FakeResizeObserver>();
  readonly #callback: () => void;
  observed: Element | undefined;
  constructor(callback: () => void) {
    this.#callback = callback;
  }
  observe(element: Element): void {
    this.observed = element;
    FakeResizeObserver.live.add(this);
  }
  disconnect(): void {
    FakeResizeObserver.live.delete(this);
  }
  static resize(): void {
    for (const observer of FakeResizeObserver.live) observer.#callback();
  }
}

/** An element whose width the test sets. */
function elementOfWidth(initial: number): { element: HTMLElement; setWidth: (px: number) => void } {
  let width = initial;
  const element = document.createElement('div');
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width, height: 40 });
  return {
    element,
    setWidth: (px) => {
      width = px;
    },
  };
}

const fits = (blocks: number) => blocks * AMOUNT_BLOCK_MIN_PX + (blocks - 1) * AMOUNT_BLOCK_GAP_PX;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeResizeObserver.live.clear();
});

describe('the amount blocks follow the field’s width (SPEC §2 predefined amounts)', () => {
  it('SPEC §2: measures before the first paint, follows each resize, and stops observing when gone', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { element, setWidth } = elementOfWidth(fits(4));
    const { result, unmount } = renderHook(() => useBalancedColumns({ current: element }, 4));
    expect(result.current).toBe(4);
    // A phone's width: room for 3, so 2 + 2.
    setWidth(fits(3));
    act(() => {
      FakeResizeObserver.resize();
    });
    expect(result.current).toBe(2);
    // Not laid out (hidden): the stylesheet's own grid takes over.
    setWidth(0);
    act(() => {
      FakeResizeObserver.resize();
    });
    expect(result.current).toBeUndefined();
    unmount();
    expect(FakeResizeObserver.live.size).toBe(0);
  });

  it('without a ResizeObserver or an element, leaves the layout to the stylesheet', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { element } = elementOfWidth(fits(4));
    expect(renderHook(() => useBalancedColumns({ current: element }, 4)).result.current).toBe(
      undefined,
    );
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    expect(renderHook(() => useBalancedColumns({ current: null }, 4)).result.current).toBe(
      undefined,
    );
    expect(FakeResizeObserver.live.size).toBe(0);
  });
});
