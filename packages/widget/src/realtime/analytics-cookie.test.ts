import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeAt } from '../test/app-store';
import { trackClickstream } from './clickstream';

const click = (now: number, id: string) =>
  trackClickstream(
    { type: 'click', data: { target: 'submit' } },
    { now: () => now, newId: () => id },
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the analytics cookie of the clickstream tracker (SPEC §9 cookie lifetime, session timeout)', () => {
  it('SPEC §9: an event writes the analytics session into a cookie that lives 63072000 s', () => {
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    storeAt(undefined, 1_000).dispatch(click(1_000_000, 'first'));
    expect(writes).toHaveBeenLastCalledWith(
      'cd_analytics=first.1000000; Max-Age=63072000; Path=/; SameSite=Lax',
    );
    expect(document.cookie).toContain('cd_analytics=first.1000000');
  });

  it('SPEC §9: after a reload the session of the cookie continues within 1800 s, and a new one starts after', () => {
    storeAt(undefined, 1_000).dispatch(click(1_000_000, 'first'));
    const reloaded = storeAt(undefined, 1_000);
    reloaded.dispatch(click(1_000_000 + 1_799_000, 'second'));
    expect(reloaded.getState().realtime.clickstreamQueue[0]?.session_id).toBe('first');
    const later = storeAt(undefined, 1_000);
    later.dispatch(click(1_000_000 + 1_799_000 + 1_800_000, 'third'));
    expect(later.getState().realtime.clickstreamQueue[0]?.session_id).toBe('third');
    expect(document.cookie).toContain('cd_analytics=third.');
  });
});
