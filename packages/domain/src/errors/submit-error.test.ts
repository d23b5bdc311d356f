import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseSubmitError, parseQueryError } from './submit-error';

describe('generic query errors (SPEC §7, §8)', () => {
  it.each([
    [
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
    ],
    [{ status: 'TIMEOUT_ERROR' }, { status: 'TIMEOUT_ERROR', error: 'TIMEOUT_ERROR' }],
    [
      { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' },
      { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' },
    ],
    [
      { status: 'PARSING_ERROR', originalStatus: 'x', data: 1 },
      { status: 'PARSING_ERROR', originalStatus: null, data: '', error: 'PARSING_ERROR' },
    ],
    [
      { status: 422, data: { error_message: 'bad' } },
      { status: 422, data: { error_message: 'bad' } },
    ],
    [{ status: 500 }, { status: 500, data: undefined }],
    [{ status: 99 }, null],
    [{ status: 600 }, null],
    [{ status: 404.5 }, null],
    [{ status: 'CUSTOM_ERROR', error: 'x' }, null],
    [null, null],
    ['FETCH_ERROR', null],
  ])('%j reads as %j', (input, expected) => {
    expect(parseQueryError(input)).toEqual(expected);
  });
});

describe('submit error normalisation (SPEC §8)', () => {
  it.each([
    [
      'HTTP error with body',
      { status: 400, data: { error_message: 'Amount too low', error_code: 1206, message: 'm' } },
      { status: 400, errorMessage: 'Amount too low', errorCode: '1206' },
    ],
    [
      'result wrapping the error',
      { error: { status: 409, data: { error_message: 'Duplicate', error_code: 'DUP' } } },
      { status: 409, errorMessage: 'Duplicate', errorCode: 'DUP' },
    ],
    [
      'body without error_message falls back to extraction',
      { status: 500, data: { message: 'Internal', error_code: ' ' } },
      { status: 500, errorMessage: 'Internal', errorCode: null },
    ],
    [
      'network failure',
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      { status: 'FETCH_ERROR', errorMessage: 'TypeError: Failed to fetch', errorCode: null },
    ],
    [
      'parsing failure',
      { status: 'PARSING_ERROR', originalStatus: 502, data: 'gw', error: 'SyntaxError' },
      { status: 'PARSING_ERROR', errorMessage: 'SyntaxError', errorCode: null },
    ],
    [
      'thrown error',
      new Error('aborted'),
      { status: null, errorMessage: 'aborted', errorCode: null },
    ],
    ['nothing', undefined, { status: null, errorMessage: null, errorCode: null }],
  ])('%s', (_name, input, expected) => {
    expect(normaliseSubmitError(input)).toEqual(expected);
  });

  it('is total on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => normaliseSubmitError(input)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });
});
