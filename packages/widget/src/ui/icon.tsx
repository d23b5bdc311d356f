/**
 * The widget's icons, inline (no request per icon, crisp at any density, coloured by
 * currentColor), drawn from the domain's one set (`ICON_PATHS`, which the server also serves at
 * SPEC §7's `/assets/icons/{theme}/ic_24_{name}.svg`). In right-to-left layouts an icon listed in
 * rtlAssets.json (SPEC §7) is shown as its mirrored variant; the others (a check mark, a copy
 * icon) keep their shape.
 */
import type { ICON_SIZE_LOW, ICON_SIZE_REGULAR_BUTTON, IconName } from '@cashdesk/domain';
import { ICON_PATHS, ICON_SIZE_DEFAULT, ICON_STROKE } from '@cashdesk/domain';
import { useRtlImages } from './rtl-assets';

/** The name of an icon (the domain's one set of drawings). */
export type { IconName };

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
      fill={ICON_STROKE.fill}
      stroke={ICON_STROKE.stroke}
      strokeWidth={ICON_STROKE.strokeWidth}
      strokeLinecap={ICON_STROKE.strokeLinecap}
      strokeLinejoin={ICON_STROKE.strokeLinejoin}
      role={label === undefined ? undefined : 'img'}
      aria-label={label}
      aria-hidden={label === undefined ? true : undefined}
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
