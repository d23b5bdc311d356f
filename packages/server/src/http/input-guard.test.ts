import { describe, expect, it } from 'vitest';
import { READ_HEADERS, badTextError, findRefusedText, isAcceptedText } from './input-guard';

describe('the text rule', () => {
  it('refuses NUL, the C0 controls but TAB, LF and CR, and DEL', () => {
    const refused: number[] = [];
    for (let code = 0; code < 0x80; code += 1) {
      if (!isAcceptedText(`a${String.fromCharCode(code)}b`)) refused.push(code);
    }
    const expected = [
      ...Array.from({ length: 0x20 }, (_unused, code) => code).filter(
        (code) => ![0x09, 0x0a, 0x0d].includes(code),
      ),
      0x7f,
    ];
    expect(refused).toEqual(expected);
  });

  it('refuses a lone surrogate of either half and accepts a pair, C1 controls and any script', () => {
    expect(isAcceptedText('x\ud800')).toBe(false);
    expect(isAcceptedText('\ud800x')).toBe(false);
    expect(isAcceptedText('x\udc00y')).toBe(false);
    expect(isAcceptedText('\udc00\ud800')).toBe(false);
    expect(isAcceptedText('😀 Grüße, 你好, مرحبا')).toBe(true);
    expect(isAcceptedText('\u0085\u009f')).toBe(true);
    expect(isAcceptedText('line one\r\nline two\tend')).toBe(true);
    expect(isAcceptedText('')).toBe(true);
  });
});

describe('findRefusedText', () => {
  it('names the path of a refused value at any depth, arrays by index', () => {
    expect(findRefusedText({ parameters: { iban: 'DE\u0000' } })).toEqual(['parameters', 'iban']);
    expect(findRefusedText({ metrics: [{ name: 'TTI' }, { name: 'F\ud800' }] })).toEqual([
      'metrics',
      '1',
      'name',
    ]);
    expect(findRefusedText('\u0000')).toEqual([]);
    expect(findRefusedText(['ok', ['x\u001b']])).toEqual(['1', '0']);
  });

  it('names the object holding a refused key, never the key itself', () => {
    expect(findRefusedText({ parameters: { 'iban\u0000': 'DE89' } })).toEqual(['parameters']);
    expect(findRefusedText({ '\ud800': 1 })).toEqual([]);
  });

  it('accepts clean values and leaves numbers, booleans, null and bytes alone', () => {
    expect(
      findRefusedText({ amount: 10.5, save: true, none: null, note: 'a\tb', list: [1, 'x'] }),
    ).toBeUndefined();
    expect(findRefusedText(Buffer.from([0, 1, 2]))).toBeUndefined();
    expect(findRefusedText(undefined)).toBeUndefined();
  });

  it("walks Fastify's query object, whose prototype is not Object.prototype", () => {
    // fast-querystring's result: an object whose prototype is an empty null-prototype object.
    const empty = {};
    Reflect.setPrototypeOf(empty, null);
    const query = { return_url: '/x\u0000' };
    Reflect.setPrototypeOf(query, empty);
    expect(findRefusedText(query)).toEqual(['return_url']);
  });

  it('walks a body nested 100 000 deep without overflowing the stack', () => {
    let body: unknown = 'deep\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) body = [body];
    expect(findRefusedText(body)).toHaveLength(100_000);
  });
});

describe('badTextError', () => {
  it('is invalidField naming the part and path', () => {
    const error = badTextError('body', { parameters: { iban: 'x\u0000' } });
    expect(error?.toBody()).toEqual({
      error_code: '1002',
      error_message: 'CASHIER.ERROR.INVALID_FIELD',
      error_field: 'body.parameters.iban',
    });
    expect(badTextError('headers.x-session-id', 'abc\u0000')?.field).toBe('headers.x-session-id');
    expect(badTextError('query', { a: 'b' })).toBeUndefined();
  });

  it('checks the session, Idempotency-Key and contract headers (the operator API’s If-Match too)', () => {
    expect(READ_HEADERS).toEqual(['x-session-id', 'idempotency-key', 'x-fingerprint', 'if-match']);
  });
});
