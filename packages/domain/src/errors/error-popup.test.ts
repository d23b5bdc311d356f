import { describe, expect, it } from 'vitest';
import { closeErrorPopup, INITIAL_ERROR_POPUP, openErrorPopup } from './error-popup';

describe('error popup state (SPEC §3, §8: code default "0" plus message)', () => {
  it('starts closed with code "0"', () => {
    expect(INITIAL_ERROR_POPUP).toEqual({ isOpen: false, error: { errorCode: '0', message: '' } });
  });

  it.each([
    [
      { errorCode: '1206', message: 'Too much' },
      { errorCode: '1206', message: 'Too much' },
    ],
    [
      { errorCode: 17, message: ' x ' },
      { errorCode: '17', message: 'x' },
    ],
    [{ message: 'm' }, { errorCode: '0', message: 'm' }],
    [
      { errorCode: ' ', message: null },
      { errorCode: '0', message: '' },
    ],
    [{ errorCode: Number.NaN }, { errorCode: '0', message: '' }],
    [{ errorCode: null }, { errorCode: '0', message: '' }],
  ])('opening with %j shows %j', (input, error) => {
    expect(openErrorPopup(input)).toEqual({ isOpen: true, error });
  });

  it('closes keeping the error', () => {
    const open = openErrorPopup({ errorCode: '3', message: 'm' });
    expect(closeErrorPopup(open)).toEqual({
      isOpen: false,
      error: { errorCode: '3', message: 'm' },
    });
  });
});
