import { describe, expect, it } from 'vitest';
import {
  clientEnvironmentHeaders,
  decideClientEnvironment,
  detectPlatform,
  isNativeDevice,
  parseChannel,
  readClientEnvironmentHeaders,
} from './client-environment';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) Mobile Safari/537.36 Edge/15',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36',
} as const;

describe('channel values (SPEC §1)', () => {
  it.each([
    ['MOBILE_WEB', 'MOBILE_WEB'],
    [' mobile_native_ios ', 'MOBILE_NATIVE_IOS'],
    ['DESKTOP', null],
    [7, null],
    [null, null],
  ])('%j reads as %j', (value, expected) => {
    expect(parseChannel(value)).toBe(expected);
  });
});

describe('client platform (SPEC §1)', () => {
  it.each([
    [UA.iphone, undefined, undefined, 'IOS'],
    [UA.android, undefined, undefined, 'ANDROID'],
    [UA.windowsPhone, undefined, undefined, 'WINDOWS_PHONE'],
    [UA.windows, undefined, undefined, 'WEB'],
    [UA.mac, undefined, undefined, 'WEB'],
    [UA.mac, 'MacIntel', true, 'IOS'],
    ['', 'iOS', undefined, 'IOS'],
    ['', 'Android', undefined, 'ANDROID'],
    [null, null, undefined, 'UNKNOWN'],
    [undefined, undefined, undefined, 'UNKNOWN'],
  ])('UA %j, platform %j, mobile %j is %s', (userAgent, platformHint, mobileHint, expected) => {
    expect(detectPlatform(userAgent, platformHint, mobileHint)).toBe(expected);
  });
});

describe('channel, platform and device decision (SPEC §1)', () => {
  it.each([
    [
      'native iOS channel wins over the user agent',
      { xChannel: 'MOBILE_NATIVE_IOS', userAgent: UA.android, isForcedMobile: true },
      { channel: 'MOBILE_NATIVE_IOS', platform: 'IOS', device: 'native_ios' },
    ],
    [
      'native Android channel',
      { xChannel: 'mobile_native_android', userAgent: UA.windows },
      { channel: 'MOBILE_NATIVE_ANDROID', platform: 'ANDROID', device: 'native_android' },
    ],
    [
      'forced mobile overrides a desktop channel',
      { xChannel: 'DESKTOP_AIR_PM', isForcedMobile: true, userAgent: UA.windows, width: 1600 },
      { channel: 'MOBILE_WEB', platform: 'WEB', device: 'mobile' },
    ],
    [
      'explicit desktop channel on a phone',
      { xChannel: 'DESKTOP_AIR_PM', userAgent: UA.iphone, width: 390 },
      { channel: 'DESKTOP_AIR_PM', platform: 'IOS', device: 'desktop' },
    ],
    [
      'explicit mobile web channel',
      { xChannel: 'MOBILE_WEB', userAgent: UA.windows, width: 1600 },
      { channel: 'MOBILE_WEB', platform: 'WEB', device: 'mobile' },
    ],
    [
      'phone user agent',
      { userAgent: UA.android, width: 1600 },
      { channel: 'MOBILE_WEB', platform: 'ANDROID', device: 'mobile' },
    ],
    [
      'narrow desktop window (1023 px)',
      { userAgent: UA.windows, width: 1023 },
      { channel: 'MOBILE_WEB', platform: 'WEB', device: 'mobile' },
    ],
    [
      'wide desktop window (1024 px)',
      { userAgent: UA.windows, width: 1024 },
      { channel: 'DESKTOP_AIR_PM', platform: 'WEB', device: 'desktop' },
    ],
    [
      'custom mobile threshold',
      { userAgent: UA.windows, width: 1200, mobileMaxWidth: 1280 },
      { channel: 'MOBILE_WEB', platform: 'WEB', device: 'mobile' },
    ],
    [
      'browser mobile hint',
      { userAgent: UA.windows, mobileHint: true, width: 1600 },
      { channel: 'MOBILE_WEB', platform: 'WEB', device: 'mobile' },
    ],
    [
      'unknown channel, no width, no user agent',
      { xChannel: 'TV', width: Number.NaN },
      { channel: 'DESKTOP_AIR_PM', platform: 'UNKNOWN', device: 'desktop' },
    ],
    [
      'zero width is no width',
      { userAgent: UA.windows, width: 0 },
      { channel: 'DESKTOP_AIR_PM', platform: 'WEB', device: 'desktop' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(decideClientEnvironment(input)).toEqual(expected);
  });

  it.each([
    ['native_ios', true],
    ['native_android', true],
    ['mobile', false],
    ['desktop', false],
  ] as const)('%s is native: %j', (device, expected) => {
    expect(isNativeDevice(device)).toBe(expected);
  });
});

describe('the environment on every call (SPEC §1)', () => {
  it('SPEC §1: headers written by the widget read back the same on the server', () => {
    for (const environment of [
      { channel: 'MOBILE_NATIVE_IOS', platform: 'IOS', device: 'native_ios' },
      { channel: 'MOBILE_NATIVE_ANDROID', platform: 'ANDROID', device: 'native_android' },
      { channel: 'DESKTOP_AIR_PM', platform: 'WEB', device: 'desktop' },
      { channel: 'MOBILE_WEB', platform: 'UNKNOWN', device: 'mobile' },
    ] as const) {
      const headers = clientEnvironmentHeaders(environment);
      expect(headers).toEqual({
        'x-channel': environment.channel,
        'x-platform': environment.platform,
        'x-device': environment.device,
      });
      expect(readClientEnvironmentHeaders(headers)).toEqual(environment);
    }
  });

  it.each([
    [{}],
    [{ 'x-channel': 'MOBILE_WEB', 'x-platform': 'WEB' }],
    [{ 'x-channel': 'TV', 'x-platform': 'WEB', 'x-device': 'desktop' }],
    [{ 'x-channel': 'MOBILE_WEB', 'x-platform': 'PALM', 'x-device': 'mobile' }],
    [{ 'x-channel': 'MOBILE_NATIVE_IOS', 'x-platform': 'IOS', 'x-device': 'desktop' }],
    [{ 'x-channel': ['MOBILE_WEB'], 'x-platform': 'WEB', 'x-device': 'mobile' }],
  ])('SPEC §1: %j names no environment (missing, unknown or inconsistent)', (headers) => {
    expect(readClientEnvironmentHeaders(headers)).toBeNull();
  });
});
