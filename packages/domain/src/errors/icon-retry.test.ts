import { describe, expect, it } from 'vitest';
import { iconRetryDecision } from './icon-retry';

describe('icon loading retries (SPEC §8: up to 3 times at 500 ms on HTTP 400)', () => {
  it.each([
    [0, 400, { action: 'retry', afterMs: 500 }],
    [1, 400, { action: 'retry', afterMs: 500 }],
    [2, 400, { action: 'retry', afterMs: 500 }],
    [3, 400, { action: 'placeholder' }],
    [0, 404, { action: 'placeholder' }],
    [0, 500, { action: 'placeholder' }],
    [0, null, { action: 'placeholder' }],
    [-1, 400, { action: 'placeholder' }],
    [1.5, 400, { action: 'placeholder' }],
    [Number.NaN, 400, { action: 'placeholder' }],
  ])('after %j retries with status %j: %j', (retriesDone, status, expected) => {
    expect(iconRetryDecision(retriesDone, status)).toEqual(expected);
  });

  it('takes its numbers as a policy', () => {
    expect(iconRetryDecision(3, 400, { maxRetries: 5, delayMs: 250 })).toEqual({
      action: 'retry',
      afterMs: 250,
    });
    expect(iconRetryDecision(5, 400, { maxRetries: 5 })).toEqual({ action: 'placeholder' });
  });
});
