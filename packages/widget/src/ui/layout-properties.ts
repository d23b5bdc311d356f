/**
 * SPEC §9's layout figures, owned by `@cashdesk/domain` and handed to the widget's CSS as custom
 * properties on the document root at start (before the first paint), so no stylesheet repeats a
 * figure: the modal's desktop width (also the width of the cashier's one-column pages) and
 * minimum height, the tooltip's maximum width, the default logo size and the ripple's length.
 * The CSSOM (`style.setProperty`) is allowed by the widget's Content-Security-Policy, as the
 * theme's properties are (app/appearance.ts).
 *
 * @packageDocumentation
 */
import {
  DEFAULT_LOGO_SIZE,
  MODAL_DESKTOP_WIDTH_PX,
  MODAL_MIN_HEIGHT_PX,
  RIPPLE_MS,
  TOOLTIP_MAX_WIDTH_PX,
} from '@cashdesk/domain';

/** The custom properties the widget's CSS reads, with their values from the domain. */
export const LAYOUT_PROPERTIES: Readonly<Record<string, string>> = {
  '--cd-modal-width': `${String(MODAL_DESKTOP_WIDTH_PX)}px`,
  '--cd-modal-min-height': `${String(MODAL_MIN_HEIGHT_PX)}px`,
  '--cd-tooltip-max-width': `${String(TOOLTIP_MAX_WIDTH_PX)}px`,
  '--cd-logo-width': `${String(DEFAULT_LOGO_SIZE.width)}px`,
  '--cd-logo-height': `${String(DEFAULT_LOGO_SIZE.height)}px`,
  '--cd-ripple-ms': `${String(RIPPLE_MS)}ms`,
};

/** Sets {@link LAYOUT_PROPERTIES} on an element's inline style (the document root at start). */
export function applyLayoutProperties(element: HTMLElement): void {
  for (const [name, value] of Object.entries(LAYOUT_PROPERTIES)) {
    element.style.setProperty(name, value);
  }
}

/**
 * SPEC §3 logoSizes: the brand's method logo size (its widget settings, SPEC §9's 40 by 40 when
 * it names none) as the logo properties of an element's style (the document root, once the init
 * answer tells it).
 */
export function applyLogoSizes(
  element: HTMLElement,
  sizes: { readonly height: number; readonly width: number } = DEFAULT_LOGO_SIZE,
): void {
  element.style.setProperty('--cd-logo-width', `${String(sizes.width)}px`);
  element.style.setProperty('--cd-logo-height', `${String(sizes.height)}px`);
}
