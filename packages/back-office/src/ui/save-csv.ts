/** A CSV export: fetched under the session (and the brand header), handed to the browser. */
import { download } from '../api/http';

/** Fetches the CSV at `address` and saves it as `fileName`. */
export async function saveCsv(address: string, fileName: string): Promise<void> {
  const blob = await download(address, 'text/csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
