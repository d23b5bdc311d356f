/**
 * File upload checks of SPEC §5 "File upload" and the upload error keys of SPEC §8.
 *
 * The widget checks a picked file by its MIME type or name (and, when it has read them, its
 * first bytes); the server checks the upload by content with {@link sniffFileType}, because a
 * name and a MIME type are whatever the client says they are.
 *
 * @packageDocumentation
 */
import { FILE_ACCEPTED_TYPES, FILE_MAX_BYTES } from '../constants';
import { MESSAGE_KEYS } from '../messages';
import type { RuleError } from '../messages';

/** SPEC §5: one accepted upload type. */
export type AcceptedFileType = (typeof FILE_ACCEPTED_TYPES)[number];

/** SPEC §5: how many leading bytes {@link sniffFileType} needs to see every signature it knows. */
export const FILE_SNIFF_BYTES = 64;

/** MIME types browsers report for each accepted type (`image/jpg` and `pjpeg` are seen in the wild). */
const MIME_TYPES: Readonly<Record<AcceptedFileType, readonly string[]>> = {
  pdf: ['application/pdf'],
  heic: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
};

const EXTENSIONS: Readonly<Record<AcceptedFileType, readonly string[]>> = {
  pdf: ['pdf'],
  heic: ['heic', 'heif'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
};

/** MIME types that say nothing about the content, so the name's extension decides instead. */
const UNINFORMATIVE_MIME_TYPES = new Set(['', 'application/octet-stream']);

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** HEIF brands that mean HEVC-coded images (HEIC proper). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** Generic HEIF brands: HEIC unless the compatible brands say AVIF. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, from: number): string {
  return String.fromCharCode(...bytes.subarray(from, from + 4));
}

function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12 || ascii(bytes, 4) !== 'ftyp') return false;
  const major = ascii(bytes, 8);
  if (HEIC_BRANDS.has(major)) return true;
  if (!GENERIC_HEIF_BRANDS.has(major)) return false;
  // The ftyp box: size (4), 'ftyp' (4), major brand (4), minor version (4), compatible brands.
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    if (AVIF_BRANDS.has(ascii(bytes, offset))) return false;
  }
  return true;
}

/**
 * SPEC §5: the accepted type a file's content is, from its first bytes (at least
 * {@link FILE_SNIFF_BYTES} recommended): PDF (`%PDF`), PNG (its 8-byte signature), JPEG
 * (`FF D8 FF`) or HEIC (an ISO-BMFF `ftyp` box with a HEIC brand, or the generic HEIF brands
 * `mif1`/`msf1` unless AVIF is among the compatible brands). `null` for anything else.
 */
export function sniffFileType(bytes: Uint8Array): AcceptedFileType | null {
  if (startsWith(bytes, PDF_SIGNATURE)) return 'pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  return isHeic(bytes) ? 'heic' : null;
}

function typeByMime(mimeType: string): AcceptedFileType | null {
  return FILE_ACCEPTED_TYPES.find((type) => MIME_TYPES[type].includes(mimeType)) ?? null;
}

function typeByName(name: string): AcceptedFileType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  return FILE_ACCEPTED_TYPES.find((type) => EXTENSIONS[type].includes(extension)) ?? null;
}

/**
 * SPEC §5: the accepted type a file claims to be: by its MIME type, or by its name's extension
 * when the MIME type is empty or `application/octet-stream` (browsers often report HEIC so).
 * A MIME type naming another format is not overruled by the name.
 */
export function declaredFileType(name: string, mimeType: string): AcceptedFileType | null {
  const mime = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return UNINFORMATIVE_MIME_TYPES.has(mime) ? typeByName(name) : typeByMime(mime);
}

/** SPEC §5: a file about to be uploaded. */
export interface FileCandidate {
  readonly name: string;
  readonly mimeType: string;
  /** Size in bytes. */
  readonly size: number;
  /** The first bytes of the content; when given, the content alone decides the type. */
  readonly head?: Uint8Array;
}

/** SPEC §5: limits of {@link checkFileUpload}; the defaults are those of SPEC §9. */
export interface FileUploadLimits {
  readonly maxBytes?: number;
  readonly acceptedTypes?: readonly AcceptedFileType[];
}

/** SPEC §5: why a file was refused (for logs; the player sees one dialog for all of them). */
export type FileRejectionReason = 'empty' | 'too-large' | 'unsupported-type';

/** SPEC §5: the outcome of {@link checkFileUpload}. */
export type FileCheck =
  | { readonly accepted: true; readonly type: AcceptedFileType }
  | {
      readonly accepted: false;
      readonly reason: FileRejectionReason;
      readonly error: RuleError;
    };

/**
 * SPEC §5, §8: checks a file before upload. Accepted types pdf, heic, jpeg and png, at most
 * 20 971 520 bytes. A refusal opens the upload-error dialog with SPEC §8's message for its
 * cause: a file over the limit `PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR`, an empty file or
 * another type `PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR` (which names the accepted types: a
 * 21-byte text file is not "too large"), with the limit as `maxBytes` and `maxMegabytes` and the
 * accepted types as `types`. With `head` the content decides the type, so a renamed file
 * is judged by what it is; without it the MIME type or the name does.
 */
export function checkFileUpload(file: FileCandidate, limits: FileUploadLimits = {}): FileCheck {
  const maxBytes = limits.maxBytes ?? FILE_MAX_BYTES;
  const acceptedTypes = limits.acceptedTypes ?? FILE_ACCEPTED_TYPES;
  const reject = (reason: FileRejectionReason): FileCheck => ({
    accepted: false,
    reason,
    error: {
      key: reason === 'too-large' ? MESSAGE_KEYS.uploadLimitError : MESSAGE_KEYS.uploadError,
      params: {
        maxBytes: String(maxBytes),
        maxMegabytes: String(Math.floor(maxBytes / (1024 * 1024))),
        types: acceptedTypes.join(', '),
      },
    },
  });
  if (!Number.isFinite(file.size) || file.size <= 0) return reject('empty');
  if (file.size > maxBytes) return reject('too-large');
  const type =
    file.head === undefined ? declaredFileType(file.name, file.mimeType) : sniffFileType(file.head);
  return type !== null && acceptedTypes.includes(type)
    ? { accepted: true, type }
    : reject('unsupported-type');
}

/** SPEC §8: a failed upload call, as the submit error normalisation gives it. */
export interface UploadFailure {
  readonly status?: number | string | undefined;
  readonly errorCode?: number | string | undefined;
}

/**
 * SPEC §8: the message key of a failed upload call: a limit error gives
 * `PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR`, any other `PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR`.
 * The spec does not say how a limit error is recognised: here it is HTTP 413 (Payload Too Large)
 * or an `error_code` listed in `limitErrorCodes`, which the caller supplies.
 */
export function uploadFailureKey(
  failure: UploadFailure,
  limitErrorCodes: readonly (number | string)[] = [],
): string {
  const isLimit =
    String(failure.status) === '413' ||
    (failure.errorCode !== undefined &&
      limitErrorCodes.some((code) => String(code) === String(failure.errorCode)));
  return isLimit ? MESSAGE_KEYS.uploadLimitError : MESSAGE_KEYS.uploadError;
}
