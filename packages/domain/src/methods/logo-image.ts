/**
 * SPEC §7 assets: images live under `/assets/images/{theme}/{density}/`. A method logo configured
 * at such an address is shown from the page's theme (a dark brand's logo on a dark page) and at
 * the screen's density (`srcset` 1x, 2x, 3x, so a phone's 3x screen gets a sharp logo and an
 * old 1x screen does not download three times the pixels). Any other address (an SVG, another
 * host's image) is shown as configured.
 *
 * @packageDocumentation
 */

/** SPEC §7: the densities images are kept at. */
const IMAGE_DENSITIES = ['1x', '2x', '3x'] as const;

/** `/…/assets/images/{theme}/{density}/{file}`, with an optional query. */
const THEMED_IMAGE = /^(.*\/assets\/images\/)[^/?#]+\/[123]x\/([^/?#]+)(\?[^#]*)?$/;

/** A theme name as it may stand in a path. */
const THEME_NAME = /^[\w-]{1,50}$/;

/** What an `<img>` shows of a logo. */
interface LogoImage {
  /** The address for a browser that ignores `srcset`, at the closest density. */
  readonly src: string;
  /** The densities, or null when the logo has none. */
  readonly srcSet: string | null;
}

/** The density closest to a device pixel ratio, rounded up from the midpoint. */
function densityFor(pixelRatio: number): (typeof IMAGE_DENSITIES)[number] {
  if (pixelRatio >= 2.5) return '3x';
  return pixelRatio >= 1.5 ? '2x' : '1x';
}

/** SPEC §7: the logo at `uri` for `theme` and the screen's `pixelRatio` (see the module comment). */
export function logoImage(uri: string, theme: string, pixelRatio: number): LogoImage {
  const match = THEMED_IMAGE.exec(uri);
  if (match === null || !THEME_NAME.test(theme)) return { src: uri, srcSet: null };
  const [, base = '', file = '', query = ''] = match;
  const at = (density: string) => `${base}${theme}/${density}/${file}${query}`;
  return {
    src: at(densityFor(pixelRatio)),
    srcSet: IMAGE_DENSITIES.map((density) => `${at(density)} ${density}`).join(', '),
  };
}
