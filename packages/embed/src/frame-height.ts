/**
 * The iframe's automatic height (`autoHeight` of mountCashier): the widget reports its content
 * height (the `resize` event) and the frame takes it, never below a minimum and, when the host
 * sets one, never above a maximum.
 *
 * @packageDocumentation
 */
import { MAX_REPORTED_HEIGHT } from '@cashdesk/domain';

/**
 * The default minimum height in CSS pixels: a dialog of the cashier (SPEC §9: 404 px minimum
 * height) with its 16 px margins fits a frame whose content is shorter, such as a short result
 * page, because dialogs are laid over the frame's own viewport.
 */
export const DEFAULT_MIN_HEIGHT = 440;

/** The bounds of the automatic height. */
export interface FrameHeightLimits {
  readonly minHeight: number;
  /** `null`: no maximum, the frame is as tall as the content. */
  readonly maxHeight: number | null;
}

function pixels(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0 || value > MAX_REPORTED_HEIGHT) {
    throw new TypeError(
      `Cashdesk: ${name} must be a number of pixels from 0 to ${MAX_REPORTED_HEIGHT}`,
    );
  }
  return Math.round(value);
}

/**
 * Checks and completes the host's bounds: `minHeight` defaults to {@link DEFAULT_MIN_HEIGHT},
 * `maxHeight` to none.
 *
 * @throws {TypeError} when a bound is not a number of pixels, or the maximum is below the minimum.
 */
export function frameHeightLimits(minHeight?: number, maxHeight?: number): FrameHeightLimits {
  const min = pixels(minHeight, 'minHeight') ?? DEFAULT_MIN_HEIGHT;
  const max = pixels(maxHeight, 'maxHeight') ?? null;
  if (max !== null && max < min) {
    throw new TypeError('Cashdesk: maxHeight must not be below minHeight');
  }
  return { minHeight: min, maxHeight: max };
}

/**
 * The frame's height for a reported content height: the content's, raised to the minimum and
 * capped at the maximum (then the cashier scrolls inside the frame).
 *
 * @example frameHeight(900, { minHeight: 440, maxHeight: 700 }) // 700
 */
export function frameHeight(reported: number, limits: FrameHeightLimits): number {
  const capped = limits.maxHeight === null ? reported : Math.min(reported, limits.maxHeight);
  return Math.max(limits.minHeight, capped);
}
