import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../constants';
import { MESSAGE_KEYS } from '../messages';
import { checkFileUpload, declaredFileType, sniffFileType, uploadFailureKey } from './file-upload';

function bytes(...parts: (readonly number[] | string)[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      for (let index = 0; index < part.length; index += 1) out.push(part.charCodeAt(index));
    } else {
      out.push(...part);
    }
  }
  return Uint8Array.from(out);
}

/** An ISO-BMFF ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: readonly string[] = []): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''));
}

const PDF = bytes('%PDF-1.7\n');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = bytes('GIF89a');

const LIMIT_ERROR = {
  key: MESSAGE_KEYS.uploadLimitError,
  params: { maxBytes: '20971520', maxMegabytes: '20', types: 'pdf, heic, jpeg, png' },
};

describe('magic-bytes sniffer (SPEC §5 File upload, server content check)', () => {
  it.each([
    ['pdf', PDF, 'pdf'],
    ['png', PNG, 'png'],
    ['jpeg (JFIF)', JPEG, 'jpeg'],
    ['jpeg (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'jpeg'],
    ['heic brand', ftyp('heic', ['mif1', 'heic']), 'heic'],
    ['heix brand', ftyp('heix'), 'heic'],
    ['hevc sequence brand', ftyp('hevc'), 'heic'],
    ['generic mif1 brand', ftyp('mif1', ['heic']), 'heic'],
    ['generic msf1 brand', ftyp('msf1', ['hevc']), 'heic'],
    ['mif1 that is really AVIF', ftyp('mif1', ['miaf', 'avif']), null],
    ['avif brand', ftyp('avif', ['mif1']), null],
    ['mp4 video', ftyp('isom', ['mp41']), null],
    ['gif', GIF, null],
    ['truncated png', PNG.subarray(0, 4), null],
    ['truncated jpeg', JPEG.subarray(0, 2), null],
    ['truncated ftyp box', ftyp('heic').subarray(0, 10), null],
    ['nothing', new Uint8Array(0), null],
    ['pdf not at the start', bytes(' %PDF'), null],
  ] as const)('%s is %s (SPEC §5)', (_case, head, type) => {
    expect(sniffFileType(head)).toBe(type);
  });

  it('reads the box size of a view that does not start its buffer (SPEC §5)', () => {
    const avif = ftyp('mif1', ['miaf', 'avif']);
    const padded = new Uint8Array(avif.length + 5);
    padded.set(avif, 5);
    expect(sniffFileType(padded.subarray(5))).toBeNull();
    const heif = ftyp('mif1', ['heic']);
    const paddedHeif = new Uint8Array(heif.length + 3);
    paddedHeif.set(heif, 3);
    expect(sniffFileType(paddedHeif.subarray(3))).toBe('heic');
  });

  it('never throws on any bytes (SPEC §5 totality, property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (head) => {
        expect([null, 'pdf', 'png', 'jpeg', 'heic']).toContain(sniffFileType(head));
      }),
      { numRuns: 100 },
    );
  });
});

describe('declared file type (SPEC §5 File upload)', () => {
  it.each([
    ['a.pdf', 'application/pdf', 'pdf'],
    ['a.bin', 'image/png', 'png'],
    ['a.jpg', 'image/jpeg', 'jpeg'],
    ['a.jpg', 'IMAGE/JPG', 'jpeg'],
    ['a.heic', 'image/heic', 'heic'],
    ['a.heif', 'image/heif', 'heic'],
    ['a.pdf', 'application/pdf; charset=binary', 'pdf'],
    ['photo.HEIC', '', 'heic'],
    ['scan.JPEG', 'application/octet-stream', 'jpeg'],
    ['scan.jfif', '', 'jpeg'],
    ['no-extension', '', null],
    ['trailing.', '', null],
    ['a.gif', '', null],
    ['a.png', 'image/gif', null],
    ['a.exe', 'application/x-msdownload', null],
  ])('%s as %j is %s (SPEC §5)', (name, mime, type) => {
    expect(declaredFileType(name, mime)).toBe(type);
  });
});

describe('file upload check (SPEC §5, §8: pdf, heic, jpeg, png up to 20 MB)', () => {
  it.each([
    ['a small pdf', { name: 'a.pdf', mimeType: 'application/pdf', size: 1000 }, 'pdf'],
    ['exactly the limit', { name: 'a.png', mimeType: 'image/png', size: FILE_MAX_BYTES }, 'png'],
    ['a HEIC the browser did not type', { name: 'IMG.HEIC', mimeType: '', size: 5 }, 'heic'],
    [
      'content that is a jpeg under a png name',
      { name: 'a.png', mimeType: 'image/png', size: 9, head: JPEG },
      'jpeg',
    ],
    [
      'content that is a pdf under a wrong MIME',
      { name: 'a.txt', mimeType: 'text/plain', size: 9, head: PDF },
      'pdf',
    ],
  ] as const)('accepts %s (SPEC §5)', (_case, file, type) => {
    expect(checkFileUpload(file)).toStrictEqual({ accepted: true, type });
  });

  it.each([
    [
      'one byte over the limit',
      { name: 'a.pdf', mimeType: 'application/pdf', size: FILE_MAX_BYTES + 1 },
      'too-large',
    ],
    ['an empty file', { name: 'a.pdf', mimeType: 'application/pdf', size: 0 }, 'empty'],
    [
      'a size that is no number',
      { name: 'a.pdf', mimeType: 'application/pdf', size: Number.NaN },
      'empty',
    ],
    ['a gif', { name: 'a.gif', mimeType: 'image/gif', size: 10 }, 'unsupported-type'],
    [
      'a file with no type or extension',
      { name: 'scan', mimeType: '', size: 10 },
      'unsupported-type',
    ],
    [
      'a gif renamed to png, judged by content',
      { name: 'a.png', mimeType: 'image/png', size: 10, head: GIF },
      'unsupported-type',
    ],
    [
      'a huge gif: size is reported first',
      { name: 'a.gif', mimeType: 'image/gif', size: FILE_MAX_BYTES * 2 },
      'too-large',
    ],
  ] as const)(
    'refuses %s, with the max-size message only when it is too large (SPEC §5, §8)',
    (_case, file, reason) => {
      const error =
        reason === 'too-large' ? LIMIT_ERROR : { ...LIMIT_ERROR, key: MESSAGE_KEYS.uploadError };
      expect(checkFileUpload(file)).toStrictEqual({ accepted: false, reason, error });
    },
  );

  it('takes other limits as parameters (SPEC §5)', () => {
    const file = { name: 'a.png', mimeType: 'image/png', size: 2 * 1024 * 1024 };
    expect(checkFileUpload(file, { maxBytes: 1024 * 1024, acceptedTypes: ['pdf'] })).toStrictEqual({
      accepted: false,
      reason: 'too-large',
      error: {
        key: MESSAGE_KEYS.uploadLimitError,
        params: { maxBytes: '1048576', maxMegabytes: '1', types: 'pdf' },
      },
    });
    expect(checkFileUpload({ ...file, size: 10 }, { acceptedTypes: ['pdf'] })).toMatchObject({
      accepted: false,
      reason: 'unsupported-type',
    });
  });
});

describe('upload call errors (SPEC §8)', () => {
  it.each([
    [{ status: 413 }, [], MESSAGE_KEYS.uploadLimitError],
    [{ status: '413' }, [], MESSAGE_KEYS.uploadLimitError],
    [{ status: 400, errorCode: 'FILE_TOO_BIG' }, ['FILE_TOO_BIG'], MESSAGE_KEYS.uploadLimitError],
    [{ status: 400, errorCode: 1301 }, ['1301'], MESSAGE_KEYS.uploadLimitError],
    [{ status: 400, errorCode: '1301' }, [1301], MESSAGE_KEYS.uploadLimitError],
    [{ status: 400, errorCode: 1302 }, [1301], MESSAGE_KEYS.uploadError],
    [{ status: 500 }, [1301], MESSAGE_KEYS.uploadError],
    [{}, [], MESSAGE_KEYS.uploadError],
  ] as const)('%j with limit codes %j gives %s (SPEC §8)', (failure, codes, key) => {
    expect(uploadFailureKey(failure, codes)).toBe(key);
  });

  it('has no limit codes by default (SPEC §8)', () => {
    expect(uploadFailureKey({ errorCode: 'LIMIT' })).toBe(MESSAGE_KEYS.uploadError);
  });
});
