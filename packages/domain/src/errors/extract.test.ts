import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractError, isSessionExpiredError } from './extract';

describe('error extraction (SPEC §8, in the spec order)', () => {
  it.each([
    ['data message', { status: 400, data: { message: 'm', error_message: 'em' } }, 'm'],
    [
      'data error_message',
      { status: 400, data: { error_message: 'em', errorMessage: 'eM' } },
      'em',
    ],
    ['data errorMessage', { status: 400, data: { errorMessage: 'eM' } }, 'eM'],
    ['data before error object', { message: 'Rejected', data: { error_message: 'real' } }, 'real'],
    ['error object message', new Error('boom'), 'boom'],
    [
      'nested error object',
      { error: { status: 500, data: { error_message: 'nested' } } },
      'nested',
    ],
    ['nested error message', { error: { message: 'Rejected' } }, 'Rejected'],
    ['top-level errorMessage', { error: { status: 500 }, errorMessage: 'top' }, 'top'],
    ['plain string', 'just text', 'just text'],
    [
      'string error',
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      'TypeError: Failed to fetch',
    ],
    ['string data', { status: 502, data: '<html>Bad gateway</html>' }, '<html>Bad gateway</html>'],
    ['nested string data', { error: { status: 502, data: 'gw' } }, 'gw'],
    ['blank strings skipped', { data: { message: ' ', error_message: 'x' } }, 'x'],
    ['nothing', { status: 500, data: {} }, null],
    ['null', null, null],
    ['number', 5, null],
    ['array', ['a'], null],
  ])('%s', (_name, input, expected) => {
    expect(extractError(input).message).toBe(expected);
  });

  it.each([
    [{ data: { error_code: 17 } }, '17'],
    [{ data: { errorCode: 'E1' } }, 'E1'],
    [{ error: { data: { error_code: '5' } } }, '5'],
    [{ error_code: 9 }, '9'],
    [{ error: { error_code: 3 }, error_code: 4 }, '3'],
    [{ data: { error_code: Number.NaN }, error_code: 'x' }, 'x'],
    [{ data: {} }, null],
    ['text', null],
  ])('code of %j is %j', (input, expected) => {
    expect(extractError(input).code).toBe(expected);
  });

  it('is total on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = extractError(input);
        expect(result.message === null || typeof result.message === 'string').toBe(true);
        expect(result.code === null || typeof result.code === 'string').toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('error code 17 (SPEC §4, §8)', () => {
  it.each([
    [{ status: 401, data: { error_code: 17, error_message: 'x' } }, true],
    [{ data: { error_code: '17' } }, true],
    [{ data: { error_code: 'CASHIER.PH2.ERROR_MESSAGE.17' } }, true],
    [{ data: { error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' } }, true],
    [{ error: { data: { error_code: 17 } } }, true],
    [{ data: { error_code: 170 } }, false],
    [{ data: { error_message: 'CASHIER.PH2.ERROR_MESSAGE.1206' } }, false],
    [null, false],
  ])('%j is session expired: %j', (input, expected) => {
    expect(isSessionExpiredError(input)).toBe(expected);
  });
});
