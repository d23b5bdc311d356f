/**
 * The realtime connection token of an authenticated session (token.ts), answered as the
 * init's `auth_token` (SPEC §3) and by POST realtime/token.
 *
 * Minting a token is two HMACs (the session's channel key and the JWT's signature), the
 * largest piece of init's own work after the answer itself. Init answers the session's last token
 * while at least half of its lifetime is ahead (and it never outlives the session), so a player
 * who opens the cashier again a minute later costs no HMAC; the realtime client's getToken always
 * gets a new one ({@link SessionTokens.mint}), which the next init answers in turn.
 *
 * @packageDocumentation
 */
import type { SessionContext } from '../../http/sessions';
import { sessionChannelKey } from './channels';
import { TOKEN_LIFETIME_S, connectionToken, tokenExpiry } from './token';

/** The connection token of `session` at `now`, newly signed. */
function sessionToken(secret: string, session: SessionContext, now: Date): string {
  return connectionToken(
    secret,
    {
      playerId: session.playerId,
      channelKey: sessionChannelKey(secret, session.sessionId),
      expiresAt: session.expiresAt,
    },
    now,
  );
}

interface Minted {
  readonly token: string;
  /** Seconds since the epoch. */
  readonly issuedAt: number;
  readonly expiresAt: number;
}

/** Sessions whose last token is kept, per process; the oldest is forgotten first. */
const DEFAULT_CAPACITY = 10_000;

/** The tokens minted for sessions in this process (see the module comment). */
export class SessionTokens {
  readonly #secret: string;
  readonly #capacity: number;
  readonly #minted = new Map<string, Minted>();

  constructor(secret: string, capacity = DEFAULT_CAPACITY) {
    this.#secret = secret;
    this.#capacity = capacity;
  }

  /** Sessions with a kept token (tests). */
  get size(): number {
    return this.#minted.size;
  }

  /** A newly signed token of `session`, kept for the session's next init. */
  mint(session: SessionContext, now: Date): string {
    const token = sessionToken(this.#secret, session, now);
    const issuedAt = Math.floor(now.getTime() / 1000);
    this.#minted.delete(session.sessionId);
    if (this.#minted.size >= this.#capacity) {
      const oldest = this.#minted.keys().next();
      if (oldest.done !== true) this.#minted.delete(oldest.value);
    }
    this.#minted.set(session.sessionId, {
      token,
      issuedAt,
      expiresAt: tokenExpiry(session.expiresAt, now),
    });
    return token;
  }

  /**
   * Init's `auth_token`: the session's kept token while at least half of {@link TOKEN_LIFETIME_S}
   * is ahead of `now` and it ends no later than the session does; a new one otherwise.
   */
  forInit(session: SessionContext, now: Date): string {
    const kept = this.#minted.get(session.sessionId);
    const nowS = Math.floor(now.getTime() / 1000);
    if (
      kept !== undefined &&
      kept.issuedAt <= nowS &&
      kept.expiresAt - nowS >= TOKEN_LIFETIME_S / 2 &&
      kept.expiresAt <= Math.ceil(session.expiresAt.getTime() / 1000)
    ) {
      return kept.token;
    }
    return this.mint(session, now);
  }

  /** Forgets the token of a session that ended. */
  forget(sessionId: string): void {
    this.#minted.delete(sessionId);
  }
}
