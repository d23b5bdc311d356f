import { useLayoutEffect } from 'react';
import { vi } from 'vitest';

/**
 * Records, in `seen`, how many timers run on the fake clock when its commit reaches the screen:
 * rendered after a component, it tells whether that component's timer started in the same commit.
 */
export function CommitProbe({ seen }: { readonly seen: number[] }) {
  useLayoutEffect(() => {
    seen.push(vi.getTimerCount());
  }, [seen]);
  return null;
}
