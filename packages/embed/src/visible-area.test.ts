import { describe, expect, it } from 'vitest';
import type { VerticalSpan, VisibleAreaMessage } from '@cashdesk/domain';
import { watchVisibleArea } from './visible-area';
import type { VisibleAreaEnvironment } from './visible-area';

/** A page whose scrolling the test drives, with animation frames run by hand. */
function fakePage(frame: VerticalSpan, screen: VerticalSpan) {
  const frames: (() => void)[] = [];
  const listeners = new Set<() => void>();
  const page = { frame, screen };
  const env: VisibleAreaEnvironment = {
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: (handle) => {
      frames[handle - 1] = () => undefined;
    },
    watch: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    frame: () => page.frame,
    screen: () => page.screen,
  };
  return {
    env,
    page,
    /** The page scrolled (or resized) once. */
    change: () => {
      for (const listener of listeners) listener();
    },
    /** Runs the animation frames asked for so far. */
    paint: () => {
      for (const callback of frames.splice(0)) callback();
    },
    listeners,
  };
}

function watch(fake: ReturnType<typeof fakePage>) {
  const posted: { top: number; height: number }[] = [];
  const watching = watchVisibleArea((message: VisibleAreaMessage) => {
    posted.push({ top: message.top, height: message.height });
  }, fake.env);
  return { posted, watching };
}

describe('the part of the frame on the screen (visibleArea)', () => {
  it('posts it at the first animation frame, then after each scroll that moves it', () => {
    const fake = fakePage({ top: 300, height: 2400 }, { top: 0, height: 844 });
    const { posted } = watch(fake);
    expect(posted).toEqual([]);
    fake.paint();
    expect(posted).toEqual([{ top: 0, height: 544 }]);
    fake.page.frame = { top: -900, height: 2400 };
    fake.change();
    fake.paint();
    expect(posted.at(-1)).toEqual({ top: 900, height: 844 });
  });

  it('posts at most once per animation frame, and nothing when nothing moved', () => {
    const fake = fakePage({ top: 0, height: 2400 }, { top: 0, height: 844 });
    const { posted } = watch(fake);
    fake.paint();
    for (let scroll = 1; scroll <= 20; scroll += 1) {
      fake.page.frame = { top: -scroll * 10, height: 2400 };
      fake.change();
    }
    fake.paint();
    expect(posted).toEqual([
      { top: 0, height: 844 },
      { top: 200, height: 844 },
    ]);
    fake.change();
    fake.paint();
    expect(posted).toHaveLength(2);
  });

  it('posts again on resend although nothing moved (a new document in the frame)', () => {
    const fake = fakePage({ top: -100, height: 2400 }, { top: 0, height: 844 });
    const { posted, watching } = watch(fake);
    fake.paint();
    watching.resend();
    fake.paint();
    expect(posted).toEqual([
      { top: 100, height: 844 },
      { top: 100, height: 844 },
    ]);
  });

  it('stops listening and posting once stopped', () => {
    const fake = fakePage({ top: 0, height: 2400 }, { top: 0, height: 844 });
    const { posted, watching } = watch(fake);
    watching.stop();
    fake.paint();
    watching.resend();
    fake.paint();
    expect(posted).toEqual([]);
    expect(fake.listeners.size).toBe(0);
  });
});
