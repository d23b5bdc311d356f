/**
 * The server's own keys: the secret that keys the one-time-code hashes (CASHDESK_SECRET) and the
 * operator API's administrator key (OPERATOR_ADMIN_KEY). Neither is ever logged.
 *
 * @packageDocumentation
 */
import { secretText } from './env';
import type { ValuesOf } from './env';

/**
 * The secret sandbox and tests use when CASHDESK_SECRET is not set. Production refuses to start
 * without a real one, because the secret keys the OTP code hashes.
 */
export const SANDBOX_SECRET = 'cashdesk-sandbox-secret-not-for-production';

/** The variables of the server's keys. */
export const SECRET_VARIABLES = {
  CASHDESK_SECRET: secretText('CASHDESK_SECRET', 16),
  OPERATOR_ADMIN_KEY: secretText('OPERATOR_ADMIN_KEY', 32),
};

/** The keys' part of the configuration. */
export interface SecretSettings {
  /** Server secret keying the OTP code hashes (HMAC-SHA-256). */
  readonly secret: string;
  /**
   * OPERATOR_ADMIN_KEY: the administrator key of the operator API, which creates brands
   * and mints their API keys; `undefined`: administrator calls answer 401 (1801).
   */
  readonly operatorAdminKey: string | undefined;
}

/**
 * The server's keys: CASHDESK_SECRET defaults to {@link SANDBOX_SECRET} outside production and
 * is required in production (a line in `problems` otherwise).
 */
export function readSecrets(
  values: ValuesOf<typeof SECRET_VARIABLES>,
  production: boolean,
  problems: string[],
): SecretSettings {
  if (production && values.CASHDESK_SECRET === undefined) {
    problems.push('CASHDESK_SECRET: required in production mode (at least 16 characters)');
  }
  return {
    secret: values.CASHDESK_SECRET ?? SANDBOX_SECRET,
    operatorAdminKey: values.OPERATOR_ADMIN_KEY,
  };
}
