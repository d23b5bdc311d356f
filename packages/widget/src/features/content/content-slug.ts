import { ContentSlug } from '@cashdesk/contract';

/**
 * SPEC §2 /content "content page (fetched by address)", §3 content page {url}: the page named by
 * the `url` query parameter (a path such as `/content/payment-terms`, a full address on the
 * site, or the bare slug), else by `slug`. Only the last path segment is used, and only when it
 * is a valid slug, so the address can never make the cashier fetch from another host or path.
 */
export function contentSlugOf(search: string): string | null {
  const query = new URLSearchParams(search);
  const raw = query.get('url') ?? query.get('slug');
  if (raw === null) return null;
  let path = raw.trim();
  try {
    path = new URL(path, 'https://content.invalid').pathname;
  } catch {
    return null;
  }
  const last = path
    .split('/')
    .filter((segment) => segment !== '')
    .at(-1);
  if (last === undefined) return null;
  const parsed = ContentSlug.safeParse(decodeURIComponentSafe(last).toLowerCase());
  return parsed.success ? parsed.data : null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
