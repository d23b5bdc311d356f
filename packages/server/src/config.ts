/**
 * The server's configuration: the environment is read once, validated, and handed around as a
 * typed object, so no other module reads `process.env` and a bad value fails at start-up with a
 * message naming the variable instead of somewhere in a request.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { SESSION_LIFETIME_MS } from '@cashdesk/domain';
import * as z from 'zod';

/** Sandbox exposes the test-only routes (POST /sandbox/sessions); production never does. */
export const SERVER_MODES = ['sandbox', 'production'] as const;

/** One of {@link SERVER_MODES}. */
export type ServerMode = (typeof SERVER_MODES)[number];

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The repository root (three levels above this file: packages/server/src). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The secret sandbox and tests use when CASHDESK_SECRET is not set. Production refuses to start
 * without a real one, because the secret keys the OTP code hashes.
 */
export const SANDBOX_SECRET = 'cashdesk-sandbox-secret-not-for-production';

/** Fastify's default body limit is 1 MiB; JSON bodies of the cashier are far smaller. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/** The typed configuration every part of the server receives. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** postgres://… when set: PostgreSQL through node-postgres instead of the embedded PGlite. */
  readonly databaseUrl: string | undefined;
  /** Where PGlite files (`pglite/`) and uploaded documents (`uploads/`) live. */
  readonly dataDir: string;
  readonly mode: ServerMode;
  readonly logLevel: LogLevel;
  /** The address the server is reached at from a browser (3-D Secure page, OpenAPI servers). */
  readonly publicUrl: string;
  /** The widget's address; session addresses are `${widgetUrl}/deposit?session_id=…`. */
  readonly widgetUrl: string;
  /** Idle lifetime of a session: every authenticated call pushes its expiry this far ahead. */
  readonly sessionLifetimeMs: number;
  /** Largest JSON body accepted (uploads have their own limit). */
  readonly bodyLimitBytes: number;
  /** Server secret keying the OTP code hashes (HMAC-SHA-256). */
  readonly secret: string;
  /**
   * The built widget (`index.html` + `assets/`) the server serves at its root, so the widget
   * reaches the API on its own origin; `undefined` serves the API alone.
   */
  readonly widgetDir: string | undefined;
}

/** Where `npm run build -w @cashdesk/widget` writes the widget. */
export const DEFAULT_WIDGET_DIR = path.join(REPO_ROOT, 'packages', 'widget', 'dist');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const urlText = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const EnvSchema = z.object({
  PORT: integerText('PORT', 0, 65_535).default(8080),
  HOST: optionalText.transform((value) => value ?? '127.0.0.1'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: optionalText,
  CASHDESK_MODE: z.enum(SERVER_MODES).default('sandbox'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: urlText.optional(),
  WIDGET_URL: urlText.optional(),
  SESSION_LIFETIME_MS: integerText('SESSION_LIFETIME_MS', 1_000, 86_400_000).default(
    SESSION_LIFETIME_MS.long,
  ),
  BODY_LIMIT_BYTES: integerText('BODY_LIMIT_BYTES', 1_024, 104_857_600).default(
    DEFAULT_BODY_LIMIT_BYTES,
  ),
  WIDGET_DIR: optionalText,
  CASHDESK_SECRET: optionalText.pipe(
    z.string().min(16, 'CASHDESK_SECRET must be at least 16 characters').optional(),
  ),
});

/** Thrown by {@link loadConfig} with every problem of the environment in its message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the environment. Defaults: PORT 8080, HOST 127.0.0.1, DATA_DIR
 * `<repo>/.data`, CASHDESK_MODE sandbox, LOG_LEVEL info, PUBLIC_URL `http://HOST:PORT`,
 * WIDGET_URL = PUBLIC_URL, SESSION_LIFETIME_MS 900000 (SPEC §9 timeout L), BODY_LIMIT_BYTES 1 MiB,
 * WIDGET_DIR {@link DEFAULT_WIDGET_DIR} when that folder exists (the API alone otherwise).
 *
 * @throws {ConfigError} naming each bad variable, e.g. `PORT: PORT must be a whole number`.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.CASHDESK_MODE === 'production' && values.CASHDESK_SECRET === undefined) {
    throw new ConfigError(
      'Invalid environment:\n  CASHDESK_SECRET: required in production mode (at least 16 characters)',
    );
  }
  const publicUrl = values.PUBLIC_URL ?? `http://${values.HOST}:${values.PORT}`;
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(values.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    mode: values.CASHDESK_MODE,
    logLevel: values.LOG_LEVEL,
    publicUrl,
    widgetUrl: values.WIDGET_URL ?? publicUrl,
    sessionLifetimeMs: values.SESSION_LIFETIME_MS,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    secret: values.CASHDESK_SECRET ?? SANDBOX_SECRET,
    widgetDir:
      values.WIDGET_DIR === undefined
        ? existsSync(path.join(DEFAULT_WIDGET_DIR, 'index.html'))
          ? DEFAULT_WIDGET_DIR
          : undefined
        : path.resolve(values.WIDGET_DIR),
  };
}
