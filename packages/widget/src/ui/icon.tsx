/**
 * The widget's icons, inline (no request per icon, crisp at any density, coloured by
 * currentColor). In right-to-left layouts an icon listed in rtlAssets.json (SPEC §7) is shown as
 * its mirrored variant; the others (a check mark, a copy icon) keep their shape.
 */
import type { ICON_SIZE_LOW, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { ICON_SIZE_DEFAULT } from '@cashdesk/domain';
import { useRtlImages } from './rtl-assets';

const PATHS = {
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
export type IconName = keyof typeof PATHS;

export interface IconProps {
  readonly name: IconName;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  readonly label?: string;
  /**
   * SPEC §9: {@link ICON_SIZE_DEFAULT} (24) unless told, {@link ICON_SIZE_REGULAR_BUTTON} (20) in
   * a regular button, {@link ICON_SIZE_LOW} (16) in a low one. The width and height attributes
   * size it; the stylesheet does not (a CSS size would override them).
   */
  readonly size?: IconSize;
}

/** SPEC §9: the icon sizes, in CSS pixels. */
export type IconSize =
  typeof ICON_SIZE_DEFAULT | typeof ICON_SIZE_REGULAR_BUTTON | typeof ICON_SIZE_LOW;

/** One icon; mirrored in right-to-left layouts when rtlAssets lists it. */
export function Icon({ name, label, size = ICON_SIZE_DEFAULT }: IconProps) {
  const mirrored = useRtlImages().includes(name);
  return (
    <svg
      className={mirrored ? 'cd-icon cd-icon--mirrored' : 'cd-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label === undefined ? undefined : 'img'}
      aria-label={label}
      aria-hidden={label === undefined ? true : undefined}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
