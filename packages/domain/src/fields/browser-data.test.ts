import { describe, expect, it } from 'vitest';
import { buildBrowserData } from './browser-data';
import type { BrowserEnvironment } from './browser-data';

const ENV: BrowserEnvironment = {
  colorDepth: 24,
  language: 'en-GB',
  timeZoneOffset: -120,
  timeZoneName: 'Europe/Riga',
  javaEnabled: false,
  screenHeight: 1080,
  screenWidth: 1920,
  windowHeight: 900.5,
  windowWidth: 1440,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
};

describe('browser_data (SPEC §3 Payment request payload)', () => {
  it('maps every value to its wire name (SPEC §3)', () => {
    expect(buildBrowserData(ENV)).toStrictEqual({
      color_depth: 24,
      language: 'en-GB',
      time_zone: -120,
      timezone_name: 'Europe/Riga',
      java_enabled: false,
      screen_height: 1080,
      screen_width: 1920,
      window_height: 900,
      window_width: 1440,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      java_script_enabled: true,
    });
  });

  it('keeps sizes whole and finite, and takes the JavaScript flag when given (SPEC §3)', () => {
    const data = buildBrowserData({
      ...ENV,
      colorDepth: Number.NaN,
      timeZoneOffset: -0.5,
      screenHeight: Infinity,
      javaScriptEnabled: false,
    });
    expect([
      data.color_depth,
      data.time_zone,
      data.screen_height,
      data.java_script_enabled,
    ]).toStrictEqual([0, 0, 0, false]);
  });
});
