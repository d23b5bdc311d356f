/**
 * The cashier's icons (SPEC §7 icons, §9 icon sizes): one drawing each, in a 24 × 24 box, stroked
 * with the current colour. The widget draws them inline; the server serves the same drawings at
 * SPEC §7's `/assets/icons/{theme}/ic_24_{name}.svg`, with the right-to-left variant name, so
 * there is one copy of every icon.
 *
 * @packageDocumentation
 */
import { ICON_SIZE_DEFAULT } from '../constants';

/** SPEC §7: each icon's path in a 24 × 24 box. */
export const ICON_PATHS = {
  chevron_right: 'M9 6l6 6-6 6',
  chevron_left: 'M15 6l-6 6 6 6',
  arrow_back: 'M20 12H5m6-7l-7 7 7 7',
  arrow_forward: 'M4 12h15m-6-7l7 7-7 7',
  open_in_new: 'M14 4h6v6m0-6L10 14M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5',
  close: 'M6 6l12 12M18 6L6 18',
  check: 'M5 12l5 5 9-10',
  info: 'M12 8h.01M11 12h1v5h1M12 3a9 9 0 100 18 9 9 0 000-18z',
  error: 'M12 8v5m0 3h.01M12 3a9 9 0 100 18 9 9 0 000-18z',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  download: 'M12 4v11m-5-5l5 5 5-5M5 20h14',
  upload: 'M12 20V9m-5 5l5-5 5 5M5 4h14',
  delete: 'M5 7h14M10 7V4h4v3m-7 0l1 13h8l1-13',
  clock: 'M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z',
  add: 'M12 5v14M5 12h14',
  credit_card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9s1.2-6.5 3.6-9z',
} as const;

/** The name of an icon. */
export type IconName = keyof typeof ICON_PATHS;

/** The stroke every icon is drawn with (SVG attribute names and values). */
export const ICON_STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Whether `value` names an icon. */
export function isIconName(value: string): value is IconName {
  return Object.hasOwn(ICON_PATHS, value);
}

/** SPEC §7 icon address: the icon and whether the right-to-left variant is asked for. */
export interface IconFile {
  readonly name: IconName;
  readonly rtl: boolean;
}

const ICON_FILE = /^ic_24_([a-z_]{1,40}?)(_rtl)?\.svg$/;

/**
 * SPEC §7: reads the file name of an icon address, `ic_24_{name}.svg` or its right-to-left
 * variant `ic_24_{name}_rtl.svg`; `null` for another file or an icon that does not exist.
 *
 * @example iconFile('ic_24_chevron_right_rtl.svg') // { name: 'chevron_right', rtl: true }
 */
export function iconFile(file: string): IconFile | null {
  const match = ICON_FILE.exec(file);
  const name = match?.[1];
  if (match === null || name === undefined) return null;
  return isIconName(name) ? { name, rtl: match[2] !== undefined } : null;
}

/**
 * SPEC §7: the SVG document of an icon at SPEC §9's default size, 24; mirrored left to right for
 * the right-to-left variant.
 */
export function iconSvg(name: IconName, options: { readonly mirrored: boolean }): string {
  const size = String(ICON_SIZE_DEFAULT);
  const path = `<path d="${ICON_PATHS[name]}"/>`;
  const body = options.mirrored ? `<g transform="matrix(-1 0 0 1 24 0)">${path}</g>` : path;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" ` +
    `fill="${ICON_STROKE.fill}" stroke="${ICON_STROKE.stroke}" stroke-width="${String(ICON_STROKE.strokeWidth)}" ` +
    `stroke-linecap="${ICON_STROKE.strokeLinecap}" stroke-linejoin="${ICON_STROKE.strokeLinejoin}">${body}</svg>`
  );
}
