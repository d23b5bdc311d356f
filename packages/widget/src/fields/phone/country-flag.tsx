import { UNKNOWN_PHONE_COUNTRY, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { Icon } from '../../ui/icon';

/**
 * Every country's flag as an SVG file of the maintained MIT package country-flag-icons (3:2 flags
 * drawn for small sizes, about 0.7 KB each). Each is emitted as its own asset (never inlined), so
 * this lazy phone chunk holds only their addresses and the browser fetches a flag when it is shown:
 * the picker's images load lazily as they scroll in.
 */
const FLAG_FILES = import.meta.glob<string>(
  '../../../../../node_modules/country-flag-icons/3x2/*.svg',
  { query: '?url&no-inline', import: 'default', eager: true },
);

const FLAG_URLS: ReadonlyMap<string, string> = new Map(
  Object.entries(FLAG_FILES).flatMap(([file, url]) => {
    const iso = /([A-Z]{2})\.svg$/.exec(file)?.[1];
    return iso === undefined ? [] : [[iso, url] as const];
  }),
);

/** The address of the flag of an ISO 3166 alpha-2 code, or null when there is none. */
export function flagUrl(iso: string): string | null {
  const code = iso.trim().toUpperCase();
  if (code === UNKNOWN_PHONE_COUNTRY) return null;
  return FLAG_URLS.get(code) ?? null;
}

/**
 * A country's flag as a decorative image (the control or the row beside it names the country);
 * the unknown country (UN) and a code without a flag show a globe of the same width, never an
 * emoji (which some systems draw as two letters or an empty box).
 */
export function CountryFlag({ iso }: { readonly iso: string }) {
  const url = flagUrl(iso);
  if (url === null) {
    return (
      <span className="cd-flag cd-flag--none">
        <Icon name="globe" size={ICON_SIZE_REGULAR_BUTTON} />
      </span>
    );
  }
  return (
    <img
      className="cd-flag"
      src={url}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
}
