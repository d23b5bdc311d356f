/**
 * Cashier sessions (SPEC §1, §6). A session binds a player of a brand to a
 * flow, currency, language and theme; its id travels in the x-session-id header of every call.
 *
 * Lifetime: sliding. A session expires `lifetimeMs` after its last authenticated call (default
 * SPEC §9's timeout L, 15 minutes, config SESSION_LIFETIME_MS), like the widget's own sliding
 * expiry (domain checkSessionExpiry). To keep a read-only call from always writing, the expiry is
 * pushed forward only when it moved by more than {@link EXPIRY_REFRESH_SLACK_MS}. An expired session
 * is never revived: it answers error 17 and stays expired.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, DEFAULT_THEME, addressWithSessionId } from '@cashdesk/domain';
import type { PaymentFlow } from '@cashdesk/domain';
import type { Database, Executor } from '../db/open';
import { brandDefaultThemes, brands, players, sessions } from '../db/schema';
import { ApiError } from './api-error';
import { sortHostOrigins } from './host-origin';
import { announceChange } from '../db/cache/announce';
import { cacheHubOf } from '../db/cache/cache-hub';
import type { CacheHub } from '../db/cache/cache-hub';
import { SessionCache } from '../db/cache/session-cache';

/** Random bytes of a session id and an auth token: 32 bytes, 43 url-safe characters. */
export const SESSION_ID_BYTES = 32;

/** The expiry is rewritten only when it would move by more than this (30 s). */
export const EXPIRY_REFRESH_SLACK_MS = 30_000;

/** The session and player an authenticated request runs as. */
export interface SessionContext {
  readonly sessionId: string;
  /** Internal player id (uuid). */
  readonly playerId: string;
  /** The player id the brand knows. */
  readonly playerExternalId: string;
  readonly brandId: string;
  readonly flow: PaymentFlow;
  readonly language: string;
  readonly theme: string;
  readonly currency: string;
  readonly authToken: string;
  readonly expiresAt: Date;
  /**
   * The session is a preview of a configuration (its brand is a preview brand,
   * modules/brand-config/preview.ts): it shows the cashier but never pays. Absent: not a preview.
   */
  readonly preview?: boolean;
}

/** What a new session needs (the cashier module's `createSession`, {@link openSession}). */
export interface CreateSessionInput {
  /** External player id (e.g. "demo"). */
  readonly player: string;
  readonly flow: PaymentFlow;
  readonly currency: string;
  /** Default {@link DEFAULT_LANGUAGE} (en). */
  readonly language?: string | undefined;
  /** Default brand0 (SPEC §9). */
  readonly brand?: string | undefined;
  /**
   * Default: the brand's default theme (chosen through the operator API), else the
   * brand id when it is a built-in theme name (brandN), else {@link DEFAULT_THEME}.
   */
  readonly theme?: string | undefined;
  /** Create a missing player with the brand's demo balances (sandbox only). */
  readonly createPlayer?: boolean | undefined;
}

/** A created session. */
export interface CreatedSession {
  readonly session_id: string;
  readonly expires_at: string;
  readonly widget_url: string;
  /** The external player id. */
  readonly player_id: string;
}

/** Session settings the service needs from the server config. */
export interface SessionSettings {
  readonly lifetimeMs: number;
  /** The widget's base address (config WIDGET_URL). */
  readonly widgetUrl: string;
}

/** A new random url-safe token of {@link SESSION_ID_BYTES} bytes. */
export function newToken(): string {
  return randomBytes(SESSION_ID_BYTES).toString('base64url');
}

/**
 * SPEC §2: the widget address that opens a session: `${widgetUrl}/deposit` or `/withdrawal` with
 * session_id, lang in the lang-brand form (e.g. en-brand0) and theme.
 */
export function widgetAddress(
  widgetUrl: string,
  session: {
    readonly id: string;
    readonly flow: PaymentFlow;
    readonly language: string;
    readonly brandId: string;
    readonly theme: string;
  },
): string {
  const url = new URL(`${widgetUrl.replace(/\/+$/, '')}/${session.flow}`);
  url.searchParams.set('lang', `${session.language}-${session.brandId}`);
  url.searchParams.set('theme', session.theme);
  return addressWithSessionId(url.toString(), session.id);
}

/**
 * Opens a session for a player whose row exists (`playerId`), in a brand and a currency the
 * caller has checked; language and theme default as in the cashier module's `createSession`. Runs on a
 * transaction too (the operator API opens the session in the transaction that upserts the
 * player).
 */
export async function openSession(
  db: Executor,
  settings: SessionSettings,
  input: CreateSessionInput & { readonly playerId: string; readonly brand: string },
  now: Date,
): Promise<CreatedSession> {
  const brandId = input.brand;
  const id = newToken();
  const expiresAt = new Date(now.getTime() + settings.lifetimeMs);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const theme =
    input.theme ??
    (await chosenDefaultTheme(db, brandId)) ??
    (/^brand[0-9]+$/.test(brandId) ? brandId : DEFAULT_THEME);
  await db.insert(sessions).values({
    id,
    playerId: input.playerId,
    brandId,
    flow: input.flow,
    language,
    theme,
    currency: input.currency,
    authToken: newToken(),
    expiresAt,
    createdAt: now,
  });
  return {
    session_id: id,
    expires_at: expiresAt.toISOString(),
    widget_url: widgetAddress(settings.widgetUrl, {
      id,
      flow: input.flow,
      language,
      brandId,
      theme,
    }),
    player_id: input.player,
  };
}

/** Where the sliding expiry's write reports a failure (it runs after the answer). */
interface SessionLog {
  error(object: object, message: string): void;
}

/** The session caches by hub (one per app: db/cache/cache-hub.ts). */
const sessionCaches = new WeakMap<CacheHub, SessionCache<SessionContext>>();

function sessionCacheOf(db: Database): SessionCache<SessionContext> | undefined {
  const hub = cacheHubOf(db);
  if (hub === undefined) return undefined;
  let cache = sessionCaches.get(hub);
  if (cache === undefined) {
    cache = new SessionCache<SessionContext>(hub);
    sessionCaches.set(hub, cache);
  }
  return cache;
}

/** The session `sessionId` as stored, or an error 17 when it is unknown or its player blocked. */
/** The details of error 17 for a session id that names a session which ended. */
const SESSION_ENDED = 'session expired';
const PLAYER_BLOCKED = 'player blocked';

/**
 * Whether error 17 of {@link resolveSession} is for a session that exists but ended (expired, or
 * its player blocked): an id that once was valid, unlike a guessed one.
 */
export function namesEndedSession(error: ApiError): boolean {
  return error.message === SESSION_ENDED || error.message === PLAYER_BLOCKED;
}

async function lookUpSession(db: Database, sessionId: string): Promise<SessionContext> {
  const [row] = await db
    .select({
      session: sessions,
      externalId: players.externalId,
      blockedAt: players.blockedAt,
      previewOf: brands.previewOf,
    })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .innerJoin(brands, eq(brands.id, sessions.brandId))
    .where(eq(sessions.id, sessionId));
  if (row === undefined) throw new ApiError('sessionExpired', { detail: 'unknown session' });
  // A blocked player's sessions end at once (blocking also expires them; this holds
  // for a session opened some other way, e.g. the sandbox route, meanwhile).
  if (row.blockedAt !== null) throw new ApiError('sessionExpired', { detail: PLAYER_BLOCKED });
  const { session } = row;
  return {
    sessionId: session.id,
    playerId: session.playerId,
    playerExternalId: row.externalId,
    brandId: session.brandId,
    flow: session.flow,
    language: session.language,
    theme: session.theme,
    currency: session.currency,
    authToken: session.authToken,
    expiresAt: session.expiresAt,
    ...(row.previewOf === null ? {} : { preview: true }),
  };
}

/**
 * SPEC §6, §8: resolves the x-session-id of a request and slides its expiry forward.
 *
 * A session found is kept in the app's session cache for SESSION_CACHE_TTL_MS
 * (db/cache/session-cache.ts); a kept one is checked against `now` like a stored one, and
 * blocking its player or ending it drops it in every process. The expiry's write (when it moves by
 * more than {@link EXPIRY_REFRESH_SLACK_MS}) does not hold the answer back: it runs meanwhile,
 * conditional on the expiry it replaces, and a failure is logged. A `lifetimeMs` of 0 reads the
 * session without moving its end (a call that is no action of the player's).
 *
 * @throws {ApiError} sessionExpired (code 17, HTTP 401) when the id is missing, unknown or expired.
 */
export async function resolveSession(
  db: Database,
  settings: Pick<SessionSettings, 'lifetimeMs'>,
  sessionId: string | undefined,
  now: Date = new Date(),
  log?: SessionLog,
): Promise<SessionContext> {
  if (sessionId === undefined || sessionId === '') {
    throw new ApiError('sessionExpired', { detail: 'no x-session-id header' });
  }
  const cache = sessionCacheOf(db);
  let session = cache?.get(sessionId, now);
  // A kept session past its expiry may have been slid by another process: the database decides.
  if (session === undefined || session.expiresAt.getTime() <= now.getTime()) {
    const mark = cache?.mark() ?? 0;
    session = await lookUpSession(db, sessionId);
    cache?.put(sessionId, session, now, mark);
  }
  if (session.expiresAt.getTime() <= now.getTime()) {
    cache?.drop(sessionId);
    throw new ApiError('sessionExpired', { detail: SESSION_ENDED });
  }
  const slid = new Date(now.getTime() + settings.lifetimeMs);
  if (slid.getTime() - session.expiresAt.getTime() <= EXPIRY_REFRESH_SLACK_MS) return session;
  const previous = session.expiresAt;
  session = { ...session, expiresAt: slid };
  cache?.update(sessionId, session);
  // The condition on the old expiry keeps a concurrent request from moving it backwards.
  db.update(sessions)
    .set({ expiresAt: slid })
    .where(and(eq(sessions.id, sessionId), eq(sessions.expiresAt, previous)))
    .then(
      () => undefined,
      (error: unknown) => {
        log?.error(
          { error: error instanceof Error ? error.message : String(error) },
          'session expiry not written',
        );
      },
    );
  return session;
}

/** Ends a session at once (tests use it to expire one; a logout would too). */
export async function expireSession(
  db: Database,
  sessionId: string,
  at: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ expiresAt: at }).where(eq(sessions.id, sessionId));
    // Every process's session cache drops it (here at once, elsewhere on commit).
    await announceChange(tx, { kind: 'session', id: sessionId });
  });
}

/** The default theme the brand's operator chose, or null while it chose none. */
async function chosenDefaultTheme(db: Executor, brandId: string): Promise<string | null> {
  const [row] = await db
    .select({ theme: brandDefaultThemes.theme })
    .from(brandDefaultThemes)
    .where(eq(brandDefaultThemes.brandId, brandId));
  return row?.theme ?? null;
}

/**
 * Which sites may frame a session's widget: the host origins allowed for the brand of session `sessionId`, or `undefined` when there is no
 * such session. Entries of the column that are not plain http(s) origins are left out.
 */
export async function sessionHostOrigins(
  db: Executor,
  sessionId: string,
): Promise<readonly string[] | undefined> {
  const [row] = await db
    .select({ origins: brands.allowedHostOrigins })
    .from(sessions)
    .innerJoin(brands, eq(brands.id, sessions.brandId))
    .where(eq(sessions.id, sessionId));
  if (row === undefined) return undefined;
  const stored: readonly unknown[] = row.origins;
  return sortHostOrigins(stored.filter((entry) => typeof entry === 'string')).origins;
}
