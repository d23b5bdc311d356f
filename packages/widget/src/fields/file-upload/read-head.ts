import { FILE_SNIFF_BYTES } from '@cashdesk/domain';

/** Blob.arrayBuffer where the browser has it, FileReader elsewhere (old web views, jsdom). */
function readBuffer(blob: Blob): Promise<ArrayBuffer> {
  if (typeof Reflect.get(blob, 'arrayBuffer') === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const { result } = reader;
      if (result instanceof ArrayBuffer) resolve(result);
      else reject(new Error('unreadable'));
    };
    reader.onerror = () => {
      reject(new Error('unreadable'));
    };
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * The first bytes of a picked file, for the domain's content sniffing (SPEC §5 file types):
 * only FILE_SNIFF_BYTES are read, never the whole document. `undefined` when the browser cannot
 * read them, so the check falls back to the declared type.
 */
export async function readFileHead(file: Blob): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readBuffer(file.slice(0, FILE_SNIFF_BYTES)));
  } catch {
    return undefined;
  }
}
