/**
 * The analytics cookie (SPEC §9 "cookie lifetime 63072000 s"): where the clickstream tracker keeps
 * its analytics session between page loads, so that a reload or the provider's return continues
 * the session the idle timeout (SPEC §9, 1800 s) has not ended.
 *
 * @packageDocumentation
 */
import { ANALYTICS } from '../constants';
import type { AnalyticsSession } from './clickstream';

/** The cookie's name. */
export const ANALYTICS_COOKIE_NAME = 'cd_analytics';

const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;
const EPOCH_MS = /^[0-9]{1,15}$/;

/** How the cookie is written. */
export interface AnalyticsCookieOptions {
  /**
   * The page is a secure context (https): the cookie is `SameSite=None; Secure; Partitioned`, so
   * a browser that allows it keeps it in a brand's frame (partitioned by the top site); otherwise
   * `SameSite=Lax`.
   */
  readonly secure: boolean;
}

/**
 * SPEC §9: the `Set-Cookie`-style text of the analytics cookie holding `session` (its id and the
 * time of its last event), for `document.cookie`: path `/`, `Max-Age` the analytics cookie
 * lifetime, 63072000 s (two years). It holds nothing about the player.
 *
 * @example analyticsCookie({ id: 'a1', lastEventAt: 5 }, { secure: false })
 *   // 'cd_analytics=a1.5; Max-Age=63072000; Path=/; SameSite=Lax'
 */
export function analyticsCookie(
  session: AnalyticsSession,
  options: AnalyticsCookieOptions,
): string {
  const value = `${session.id}.${String(Math.trunc(session.lastEventAt))}`;
  const site = options.secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${ANALYTICS_COOKIE_NAME}=${value}; Max-Age=${String(ANALYTICS.cookieLifetimeS)}; Path=/; ${site}`;
}

/**
 * SPEC §9: the analytics session of a cookie header (`document.cookie`), or `null` when there is
 * none or it is malformed (an id of letters, digits and `-`, at most 64, and a time in
 * milliseconds).
 */
export function readAnalyticsCookie(cookies: string): AnalyticsSession | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== ANALYTICS_COOKIE_NAME) continue;
    const value = rest.join('=');
    const dot = value.lastIndexOf('.');
    const id = value.slice(0, dot);
    const at = value.slice(dot + 1);
    if (dot <= 0 || !SESSION_ID.test(id) || !EPOCH_MS.test(at)) return null;
    return { id, lastEventAt: Number(at) };
  }
  return null;
}
