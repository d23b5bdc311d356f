/**
 * Secrets that anyone can read in Cashdesk's own source and documentation: the sandbox's
 * defaults and the examples of the READMEs and the simulators. They sign and verify money
 * messages in demos and tests; with one of them in production anyone could forge a webhook, a
 * wallet answer or a player's realtime token. Production refuses every secret-bearing variable
 * ({@link isSecretVariable}) whose value, or one of its comma-separated values during a rotation,
 * is one of these; a test reads the repository's sources and docs and fails when a secret
 * appears there that this list lacks.
 *
 * @packageDocumentation
 */
import { SANDBOX_SECRET } from './secrets';
import { SANDBOX_WEBHOOK_SECRET } from './webhooks';
import type { Environment } from './env';

/** Every secret published in this repository (see the module comment). */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  SANDBOX_SECRET,
  SANDBOX_WEBHOOK_SECRET,
  // The documented examples of the async PSP, the wallet and the messaging simulators.
  'change-me-16-chars-min',
  'demo-wallet-secret-123',
  'demo-messaging-secret',
  // The testkit's simulators' defaults.
  'wallet-simulator-test-secret',
  'test-async-psp-webhook-secret',
]);

/** Whether a variable holds a secret: its name ends in SECRET, KEY, TOKEN or PASSWORD. */
export function isSecretVariable(name: string): boolean {
  return /(SECRET|KEY|TOKEN|PASSWORD)$/.test(name);
}

/**
 * The secret-bearing variables of `env` that hold a published secret, with a line for the
 * problems of production each (never the value itself).
 */
export function publishedSecretProblems(env: Environment): string[] {
  return Object.entries(env)
    .filter(([name, value]) => isSecretVariable(name) && value !== undefined)
    .filter(([, value]) =>
      (value ?? '').split(',').some((part) => PUBLISHED_SECRETS.has(part.trim())),
    )
    .map(
      ([name]) =>
        `${name}: holds a secret published in Cashdesk's source or documentation; production needs one of its own`,
    )
    .sort();
}
