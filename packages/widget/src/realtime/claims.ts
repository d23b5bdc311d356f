/**
 * The claims of a realtime connection token the widget needs (its channel names): `ses`, the
 * session's channel key, and `sub`, the player. Read, not verified: the hub verifies.
 *
 * @packageDocumentation
 */

/** The claims a connection token names its channels by. */
export interface TokenClaims {
  readonly ses: string;
  readonly sub: string;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The `ses` and `sub` claims of a JWT (base64url JSON of its middle part), or `null`. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1] ?? ''));
    if (typeof claims !== 'object' || claims === null) return null;
    const ses: unknown = 'ses' in claims ? claims.ses : null;
    const sub: unknown = 'sub' in claims ? claims.sub : null;
    if (typeof ses !== 'string' || typeof sub !== 'string' || ses === '' || sub === '') return null;
    return { ses, sub };
  } catch {
    return null;
  }
}
