/**
 * Builds the requests of the bad-input walk (bad-text-input.test.ts): a valid base request of an
 * endpoint, every string of it (path parameters, query, headers, JSON body at any depth and the
 * body's object keys) as a location, and the same request with one location changed.
 *
 * @packageDocumentation
 */
import { isRecord } from '../platform/is-record';

/** Where a request value travels, as error_field spells it. */
export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** A request of the walk: the endpoint's path template and its parts. */
export interface WalkRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The path template with `{name}` parameters, as the contract writes it. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON body (absent for GET and for multipart requests). */
  readonly body?: unknown;
}

/** One string of a request: a value, or the key of an object of the JSON body. */
export interface TextLocation {
  readonly part: RequestPart;
  /** Keys and indexes from the part down to the value (or to the object holding the key). */
  readonly path: readonly string[];
  /** The key itself is the string (only in the body). */
  readonly key?: string;
}

/** error_field as the server spells it for a location: `body.parameters.iban`, `query.x`. */
export function fieldOf(location: TextLocation): string {
  return [location.part, ...location.path].join('.');
}

/** A readable name of a location for failure lists. */
export function describeLocation(location: TextLocation): string {
  const field = fieldOf(location);
  return location.key === undefined ? field : `${field} key ${JSON.stringify(location.key)}`;
}

function bodyLocations(value: unknown, path: readonly string[], into: TextLocation[]): void {
  if (typeof value === 'string') {
    into.push({ part: 'body', path });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      bodyLocations(item, [...path, String(index)], into);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      into.push({ part: 'body', path, key });
      bodyLocations(item, [...path, key], into);
    }
  }
}

/** Every string of a request: path parameters, query, headers, body values and body keys. */
export function textLocations(request: WalkRequest): TextLocation[] {
  const found: TextLocation[] = [];
  for (const part of ['params', 'query', 'headers'] as const) {
    for (const name of Object.keys(request[part])) found.push({ part, path: [name] });
  }
  if (request.body !== undefined) bodyLocations(request.body, [], found);
  return found;
}

function replaceIn(
  value: unknown,
  path: readonly string[],
  replace: (current: unknown) => unknown,
): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replace(value);
  if (Array.isArray(value)) {
    return value.map((item: unknown, index): unknown =>
      String(index) === head ? replaceIn(item, rest, replace) : item,
    );
  }
  if (!isRecord(value)) throw new Error(`no object at ${head}`);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === head ? [key, replaceIn(item, rest, replace)] : [key, item],
    ),
  );
}

function renameIn(value: unknown, path: readonly string[], key: string, to: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (!isRecord(value)) throw new Error(`no object holds ${key}`);
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name === key ? to : name, item]),
    );
  }
  return replaceIn(value, [head], (item) => renameIn(item, rest, key, to));
}

/** How a location's string changes. */
export interface Change {
  value(current: unknown): string;
}

/** The request with one location changed (a key is renamed by `change` of the key). */
export function withChange(
  request: WalkRequest,
  location: TextLocation,
  change: Change,
): WalkRequest {
  if (location.part === 'body') {
    const body =
      location.key === undefined
        ? replaceIn(request.body, location.path, (current) => change.value(current))
        : renameIn(request.body, location.path, location.key, change.value(location.key));
    return { ...request, body };
  }
  const [name] = location.path;
  if (name === undefined) throw new Error('a parameter location names its parameter');
  return {
    ...request,
    [location.part]: {
      ...request[location.part],
      [name]: change.value(request[location.part][name]),
    },
  };
}

/**
 * Percent-encodes text for a path or query, including what encodeURIComponent refuses: a lone
 * surrogate goes as the three bytes a careless client writes for it (ED A0 80 for U+D800).
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text.charAt(index));
    }
  }
  return out;
}

/** The address of a request: its path with parameters filled in and its query. */
export function urlOf(request: WalkRequest): string {
  const path = request.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    const value = request.params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name}`);
    return encodeLoose(value);
  });
  const query = Object.entries(request.query)
    .map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(value)}`)
    .join('&');
  return query === '' ? path : `${path}?${query}`;
}

/** A multipart form: text parts and one file part, written byte for byte. */
export interface MultipartForm {
  readonly fields: Readonly<Record<string, string>>;
  readonly fileName: string;
  readonly fileType: string;
  readonly bytes: Buffer;
}

/** The boundary {@link multipartBody} uses. */
export const MULTIPART_BOUNDARY = 'cashdesk-walk-boundary';

/**
 * A multipart body written by hand, so that a part name or file name can hold any character
 * (clients such as undici escape some).
 */
export function multipartBody(form: MultipartForm): Buffer {
  const chunks: Buffer[] = [];
  const head = (text: string) => chunks.push(Buffer.from(text, 'utf8'));
  for (const [name, value] of Object.entries(form.fields)) {
    head(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
    head(`${value}\r\n`);
  }
  head(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${form.fileName}"\r\n` +
      `Content-Type: ${form.fileType}\r\n\r\n`,
  );
  chunks.push(form.bytes);
  head(`\r\n--${MULTIPART_BOUNDARY}--\r\n`);
  return Buffer.concat(chunks);
}
