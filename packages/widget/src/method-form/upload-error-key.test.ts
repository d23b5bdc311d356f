import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { MESSAGE_KEYS } from '@cashdesk/domain';
import { uploadErrorKey } from './use-form-fields';

function apiError(status: number, errorCode: string) {
  return { status, data: null, errorCode, errorMessage: null };
}

describe('uploadErrorKey (SPEC §8 upload errors; a full quota and too many uploads say so)', () => {
  it('gives the limit message for a file over the limit and the general one otherwise', () => {
    expect(uploadErrorKey(apiError(413, ERROR_CODES.uploadTooLarge.code))).toBe(
      MESSAGE_KEYS.uploadLimitError,
    );
    expect(uploadErrorKey(apiError(415, ERROR_CODES.uploadType.code))).toBe(
      MESSAGE_KEYS.uploadError,
    );
    expect(uploadErrorKey(new Error('network'))).toBe(MESSAGE_KEYS.uploadError);
  });

  it('says so when the document quota is full or uploads came too fast', () => {
    expect(uploadErrorKey(apiError(409, ERROR_CODES.uploadQuotaExceeded.code))).toBe(
      'CASHIER.ERROR.UPLOAD_QUOTA',
    );
    expect(uploadErrorKey(apiError(429, ERROR_CODES.rateLimited.code))).toBe(
      'CASHIER.ERROR.TOO_MANY_REQUESTS',
    );
  });
});
