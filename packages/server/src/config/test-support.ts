/**
 * What the configuration's tests share: a production environment that starts, and the problems
 * `loadConfig` names for an environment.
 *
 * @packageDocumentation
 */
import { ConfigError } from './env';
import { loadConfig } from './load';

/** The core of a production environment that starts: its own secret, PostgreSQL, https. */
export const PRODUCTION_CORE = {
  CASHDESK_MODE: 'production',
  CASHDESK_SECRET: 'an-operator-own-secret',
  DATABASE_URL: 'postgres://cashdesk@db.internal:5432/cashdesk',
  CASHDESK_PROVIDER: 'http',
  PROVIDER_URL: 'https://psp.example.com',
} as const;

/** The problems loadConfig names for `env`, one per line ([] when it starts). */
export function problemsOf(env: Readonly<Record<string, string>>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim());
  }
}
