import { describe, expect, it } from 'vitest';
import { mayHaveStarted } from './use-submit-once';

describe('mayHaveStarted (a retry after a failure reuses its Idempotency-Key)', () => {
  it('counts no answer, a server failure and 1011 as a payment that may be under way', () => {
    expect(mayHaveStarted({ status: 'FETCH_ERROR', errorCode: null })).toBe(true);
    expect(mayHaveStarted({ status: 'TIMEOUT_ERROR', errorCode: null })).toBe(true);
    expect(mayHaveStarted({ status: 500, errorCode: '1999' })).toBe(true);
    expect(mayHaveStarted({ status: 503, errorCode: null })).toBe(true);
    expect(mayHaveStarted({ status: 409, errorCode: '1011' })).toBe(true);
  });

  it('counts a refusal as final: a new attempt gets a new key', () => {
    expect(mayHaveStarted({ status: 400, errorCode: '1002' })).toBe(false);
    expect(mayHaveStarted({ status: 409, errorCode: '1206' })).toBe(false);
    expect(mayHaveStarted({ status: 422, errorCode: '1007' })).toBe(false);
    expect(mayHaveStarted({ status: 'PARSING_ERROR', errorCode: null })).toBe(false);
  });
});
