import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommitProbe } from '../test/commit-probe';
import { useEverySecond, useNow } from './use-every-second';

const START = Date.parse('2030-01-01T10:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
});

function SecondsLeft({ until }: { readonly until: number }) {
  const now = useNow(until);
  return <p>{Math.max(0, Math.ceil((until - now) / 1000))} s</p>;
}

describe('the countdowns’ clock (SPEC §4 countdown, §2 redirect time-out, §3 resend wait)', () => {
  it('SPEC §4: the clock has started in the commit that first shows the time left', () => {
    vi.useFakeTimers({ now: START, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const seen: number[] = [];
    render(
      <>
        <SecondsLeft until={START + 3000} />
        <CommitProbe seen={seen} />
      </>,
    );
    // A passive effect would start it only after this commit: a clock moved right after the
    // first value appears would then not move the countdown.
    expect(seen).toEqual([1]);
    expect(screen.getByText('3 s')).toBeDefined();
  });

  it('SPEC §4: it reads the time every second until the end has passed, then stops', () => {
    vi.useFakeTimers({ now: START, toFake: ['setInterval', 'clearInterval', 'Date'] });
    render(<SecondsLeft until={START + 2500} />);
    expect(screen.getByText('3 s')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('2 s')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText('0 s')).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a new tick function each render neither restarts the interval nor runs a stale one', () => {
    vi.useFakeTimers({ now: START, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const ticks: number[] = [];
    function Counter() {
      const [count, setCount] = useState(0);
      useEverySecond(count < 3, () => {
        ticks.push(count);
        setCount(count + 1);
      });
      return <p>{count} ticks</p>;
    }
    render(<Counter />);
    for (let second = 1; second <= 3; second += 1) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByText(`${String(second)} ticks`)).toBeDefined();
    }
    // Each tick saw the count of the render before it, and the clock stopped at 3.
    expect(ticks).toEqual([0, 1, 2]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
