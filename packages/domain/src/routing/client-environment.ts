/**
 * Channel, client platform and device kind (SPEC §1), decided from the start-up parameters and
 * the environment hints the widget passes in.
 *
 * @packageDocumentation
 */
import { MOBILE_MAX_WIDTH_PX } from '../constants';

/** SPEC §1: channel values (sent to the server as the app channel). */
export const CHANNELS = [
  'DESKTOP_AIR_PM',
  'MOBILE_WEB',
  'MOBILE_NATIVE_ANDROID',
  'MOBILE_NATIVE_IOS',
] as const;

/** SPEC §1: one of {@link CHANNELS}. */
export type Channel = (typeof CHANNELS)[number];

/** SPEC §1: client platform values. */
export const CLIENT_PLATFORMS = ['IOS', 'ANDROID', 'WINDOWS_PHONE', 'WEB', 'UNKNOWN'] as const;

/** SPEC §1: one of {@link CLIENT_PLATFORMS}. */
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];

/** SPEC §1: device kinds. */
export const DEVICE_KINDS = ['desktop', 'mobile', 'native_ios', 'native_android'] as const;

/** SPEC §1: one of {@link DEVICE_KINDS}. */
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** SPEC §1: narrows a channel value (case-insensitive) or gives `null`. */
export function parseChannel(value: unknown): Channel | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return CHANNELS.find((channel) => channel === upper) ?? null;
}

/** SPEC §1: what {@link decideClientEnvironment} reads. */
export interface ClientEnvironmentInput {
  /** The xChannel start-up parameter. */
  readonly xChannel?: string | null | undefined;
  /** The isForcedMobile start-up parameter. */
  readonly isForcedMobile?: boolean | undefined;
  /** `navigator.userAgent`, if any. */
  readonly userAgent?: string | null | undefined;
  /** `navigator.userAgentData.platform` or `navigator.platform`, if any. */
  readonly platformHint?: string | null | undefined;
  /** `navigator.userAgentData.mobile`, if known. */
  readonly mobileHint?: boolean | null | undefined;
  /** The layout width (parent width of the page parameters). */
  readonly width?: number | null | undefined;
  /** Widths at or below this are mobile; default {@link MOBILE_MAX_WIDTH_PX}. */
  readonly mobileMaxWidth?: number | undefined;
}

/** SPEC §1: the decided channel, platform and device kind. */
export interface ClientEnvironment {
  readonly channel: Channel;
  readonly platform: ClientPlatform;
  readonly device: DeviceKind;
}

const DEVICE_BY_CHANNEL: Readonly<Record<Channel, DeviceKind>> = {
  DESKTOP_AIR_PM: 'desktop',
  MOBILE_WEB: 'mobile',
  MOBILE_NATIVE_ANDROID: 'native_android',
  MOBILE_NATIVE_IOS: 'native_ios',
};

/**
 * SPEC §1: the client platform from browser hints. Windows Phone is tested first because its
 * user agents also claim Android and iPhone; iPadOS 13+ reports a Mac user agent, so a Mac that
 * says it is mobile counts as iOS. A non-empty hint that names no mobile system is WEB, no hint at
 * all is UNKNOWN.
 */
export function detectPlatform(
  userAgent: string | null | undefined,
  platformHint?: string | null,
  mobileHint?: boolean | null,
): ClientPlatform {
  const text = `${userAgent ?? ''} ${platformHint ?? ''}`.trim();
  if (text === '') return 'UNKNOWN';
  if (/windows phone|iemobile|wpdesktop/i.test(text)) return 'WINDOWS_PHONE';
  if (/android/i.test(text)) return 'ANDROID';
  if (/iphone|ipad|ipod|\bios\b/i.test(text)) return 'IOS';
  if (/macintosh|mac ?os|macintel/i.test(text) && mobileHint === true) return 'IOS';
  return 'WEB';
}

/**
 * SPEC §1: channel, platform and device kind. Rules, in order:
 * 1. xChannel naming a native channel (MOBILE_NATIVE_IOS, MOBILE_NATIVE_ANDROID) wins: the host
 *    app knows it is native. The platform is then IOS or ANDROID whatever the user agent says.
 * 2. isForcedMobile gives MOBILE_WEB (it overrides a desktop xChannel: the host asked for the
 *    mobile layout).
 * 3. xChannel naming DESKTOP_AIR_PM or MOBILE_WEB is taken as given.
 * 4. Otherwise MOBILE_WEB when the platform is a mobile system (IOS, ANDROID, WINDOWS_PHONE), the
 *    browser says it is mobile, or the width is at most `mobileMaxWidth`; else DESKTOP_AIR_PM.
 *
 * The device kind follows the channel: desktop, mobile, native_ios, native_android.
 */
export function decideClientEnvironment(input: ClientEnvironmentInput): ClientEnvironment {
  const requested = parseChannel(input.xChannel);
  const detected = detectPlatform(input.userAgent, input.platformHint, input.mobileHint);
  let channel: Channel;
  if (requested === 'MOBILE_NATIVE_IOS' || requested === 'MOBILE_NATIVE_ANDROID') {
    channel = requested;
  } else if (input.isForcedMobile === true) {
    channel = 'MOBILE_WEB';
  } else if (requested !== null) {
    channel = requested;
  } else {
    const maxWidth = input.mobileMaxWidth ?? MOBILE_MAX_WIDTH_PX;
    const width = input.width;
    const narrow =
      typeof width === 'number' && Number.isFinite(width) && width > 0 && width <= maxWidth;
    const mobileSystem =
      detected === 'IOS' || detected === 'ANDROID' || detected === 'WINDOWS_PHONE';
    channel = mobileSystem || input.mobileHint === true || narrow ? 'MOBILE_WEB' : 'DESKTOP_AIR_PM';
  }
  let platform = detected;
  if (channel === 'MOBILE_NATIVE_IOS') platform = 'IOS';
  if (channel === 'MOBILE_NATIVE_ANDROID') platform = 'ANDROID';
  return { channel, platform, device: DEVICE_BY_CHANNEL[channel] };
}

/** SPEC §1, §2: whether the device is a native app (iOS or Android web view). */
export function isNativeDevice(device: DeviceKind): boolean {
  return device === 'native_ios' || device === 'native_android';
}

/** SPEC §1: the request headers that carry the environment on every call. */
export const CLIENT_ENVIRONMENT_HEADERS = {
  channel: 'x-channel',
  platform: 'x-platform',
  device: 'x-device',
} as const;

/** SPEC §1: the environment as request headers (the widget sends them with every call). */
export function clientEnvironmentHeaders(environment: ClientEnvironment): Record<string, string> {
  return {
    [CLIENT_ENVIRONMENT_HEADERS.channel]: environment.channel,
    [CLIENT_ENVIRONMENT_HEADERS.platform]: environment.platform,
    [CLIENT_ENVIRONMENT_HEADERS.device]: environment.device,
  };
}

/**
 * SPEC §1: the environment a request's headers name, or null when they name none or an
 * inconsistent one (a value outside the lists, or a device that is not its channel's): the
 * server then knows nothing of it rather than something false.
 */
export function readClientEnvironmentHeaders(
  headers: Readonly<Record<string, unknown>>,
): ClientEnvironment | null {
  const channel = parseChannel(headers[CLIENT_ENVIRONMENT_HEADERS.channel]);
  const platformValue = headers[CLIENT_ENVIRONMENT_HEADERS.platform];
  const deviceValue = headers[CLIENT_ENVIRONMENT_HEADERS.device];
  const platform = CLIENT_PLATFORMS.find((known) => known === platformValue);
  const device = DEVICE_KINDS.find((known) => known === deviceValue);
  if (channel === null || platform === undefined || device === undefined) return null;
  return DEVICE_BY_CHANNEL[channel] === device ? { channel, platform, device } : null;
}
