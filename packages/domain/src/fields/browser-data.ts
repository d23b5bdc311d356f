/**
 * The `browser_data` block of the payment request payload (SPEC §3), built from values the
 * widget reads from the browser and passes in (the domain reads no environment itself).
 *
 * @packageDocumentation
 */

/** SPEC §3: the browser facts the widget collects (screen, window, locale, time zone). */
export interface BrowserEnvironment {
  readonly colorDepth: number;
  readonly language: string;
  /** Minutes from local time to UTC, as `Date.prototype.getTimezoneOffset` gives them. */
  readonly timeZoneOffset: number;
  /** IANA zone name, e.g. `Europe/Riga`. */
  readonly timeZoneName: string;
  readonly javaEnabled: boolean;
  readonly screenHeight: number;
  readonly screenWidth: number;
  readonly windowHeight: number;
  readonly windowWidth: number;
  readonly userAgent: string;
  /** Defaults to true: the widget that builds this runs JavaScript. */
  readonly javaScriptEnabled?: boolean;
}

/** SPEC §3: `browser_data` as sent (wire names). */
export interface BrowserData {
  readonly color_depth: number;
  readonly language: string;
  /** The time-zone offset in minutes. */
  readonly time_zone: number;
  readonly timezone_name: string;
  readonly java_enabled: boolean;
  readonly screen_height: number;
  readonly screen_width: number;
  readonly window_height: number;
  readonly window_width: number;
  readonly user_agent: string;
  readonly java_script_enabled: boolean;
}

/** Whole numbers only: a browser may report fractional sizes, and NaN is no size. */
function whole(value: number): number {
  // Adding 0 turns the -0 of Math.trunc(-0.5) into 0.
  return Number.isFinite(value) ? Math.trunc(value) + 0 : 0;
}

/**
 * SPEC §3: builds `browser_data`. Sizes, colour depth and offset are whole numbers (a
 * non-finite value becomes 0) so the block is always valid JSON for the provider's 3-D Secure
 * checks.
 */
export function buildBrowserData(env: BrowserEnvironment): BrowserData {
  return {
    color_depth: whole(env.colorDepth),
    language: env.language,
    time_zone: whole(env.timeZoneOffset),
    timezone_name: env.timeZoneName,
    java_enabled: env.javaEnabled,
    screen_height: whole(env.screenHeight),
    screen_width: whole(env.screenWidth),
    window_height: whole(env.windowHeight),
    window_width: whole(env.windowWidth),
    user_agent: env.userAgent,
    java_script_enabled: env.javaScriptEnabled ?? true,
  };
}
