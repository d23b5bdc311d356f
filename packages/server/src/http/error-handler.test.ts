import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ERROR_FIELD_MAX_LENGTH, classifyError, fitErrorField } from './error-handler';

describe('classifyError (SPEC §8 error answers)', () => {
  it('answers an ApiError with its table row and field', () => {
    expect(
      classifyError(
        new ApiError('insufficientBalance', { field: 'amount', detail: 'internal words' }),
      ),
    ).toEqual({
      status: 409,
      body: {
        error_code: '1206',
        error_message: 'CASHIER.PH2.ERROR_MESSAGE.1206',
        error_field: 'amount',
      },
      unexpected: false,
    });
  });

  it('maps Fastify body errors to 1001, 1004 and upload limits to 1006', () => {
    expect(classifyError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' }).body.error_code).toBe('1001');
    expect(classifyError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' })).toMatchObject({
      status: 413,
      body: { error_code: '1004' },
    });
    expect(classifyError({ code: 'FST_REQ_FILE_TOO_LARGE' })).toMatchObject({
      status: 413,
      body: { error_code: '1006', error_field: 'file' },
    });
  });

  it('answers anything else with 1999 and nothing of the error', () => {
    expect(classifyError(new Error('select * from secrets'))).toEqual({
      status: 500,
      body: { error_code: '1999', error_message: 'CASHIER.ERROR.INTERNAL' },
      unexpected: true,
    });
  });

  it('answers an undecodable address or an over-long path parameter with 1002 naming params', () => {
    for (const code of ['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']) {
      expect(classifyError({ code })).toEqual({
        status: 400,
        body: {
          error_code: '1002',
          error_message: 'CASHIER.ERROR.INVALID_FIELD',
          error_field: 'params',
        },
        unexpected: false,
      });
    }
  });

  it('shortens an error_field over the contract limit to the object at fault, never a 500', () => {
    const long = `body.parameters.${'k'.repeat(5000)}`;
    expect(classifyError(new ApiError('invalidField', { field: long }))).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'body.parameters' },
    });
    expect(fitErrorField('body.amount')).toBe('body.amount');
    expect(fitErrorField('x'.repeat(500))).toHaveLength(ERROR_FIELD_MAX_LENGTH);
  });
});
