import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_TOAST_MS } from '@cashdesk/domain';
import { CommitProbe } from '../test/commit-probe';
import { Toast } from './toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast (SPEC §2 copy message, §9 shown for 2000 ms)', () => {
  it('SPEC §9: it is a status region timed from the commit that shows it, and ends after 2000 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onDone = vi.fn();
    const seen: number[] = [];
    render(
      <>
        <Toast text="Copied" onDone={onDone} />
        <CommitProbe seen={seen} />
      </>,
    );
    expect(seen).toEqual([1]);
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => {
      vi.advanceTimersByTime(COPY_TOAST_MS - 1);
    });
    expect(onDone).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
