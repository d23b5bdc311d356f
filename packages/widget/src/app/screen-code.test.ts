import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeout, withChunkTimeout } from './screen-code';

afterEach(() => {
  vi.useRealTimers();
});

describe("a screen's code within SPEC §9's chunk load time-out (120 s)", () => {
  it('SPEC §9: a download that stalls fails at 120 s, not before', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => undefined));
    const outcome = load().then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    const early = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadTimeout);
  });

  it('passes the module through, and a failed download as it failed, leaving no timer behind', async () => {
    vi.useFakeTimers();
    const module = { ScreenPage: 'page' };
    await expect(withChunkTimeout(() => Promise.resolve(module))()).resolves.toBe(module);
    const broken = new TypeError('Failed to fetch dynamically imported module');
    await expect(withChunkTimeout(() => Promise.reject(broken))()).rejects.toBe(broken);
    expect(vi.getTimerCount()).toBe(0);
  });
});
