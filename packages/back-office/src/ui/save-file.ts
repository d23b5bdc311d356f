/**
 * A file the server answers (a CSV export, a player's document): fetched under the session (and
 * the brand header an administrator's calls carry, which a plain link could not send), then handed
 * to the browser to save, under the name the server's Content-Disposition gives it (read with the
 * `content-disposition` package, loaded with the first download: no first screen carries it).
 */
import { download } from '../api/http';

/** The file name a Content-Disposition header gives (the UTF-8 one when sent), if any. */
async function attachmentName(header: string | null): Promise<string | undefined> {
  if (header === null) return undefined;
  const { parse } = await import('content-disposition');
  try {
    const name = parse(header).parameters.filename;
    return name === undefined || name === '' ? undefined : name;
  } catch {
    // A header it cannot read: the caller's name stands.
    return undefined;
  }
}

/** Fetches the file at `address` and saves it under the server's name, else `fallbackName`. */
export async function saveFile(
  address: string,
  accept: string,
  fallbackName: string,
): Promise<void> {
  const { blob, disposition } = await download(address, accept);
  const name = (await attachmentName(disposition)) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
