/**
 * The server process itself: where it listens, its mode, its log level and answer checks, the
 * addresses a browser reaches it and the widget at, the session lifetime, the body limit and
 * the widget build it serves.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SESSION_LIFETIME_MS } from '@cashdesk/domain';
import * as z from 'zod';
import { REPO_ROOT } from '../paths';
import { integerText, optionalText, urlText } from './env';
import type { ValuesOf } from './env';

/** Sandbox exposes the test-only routes (POST /sandbox/sessions); production never does. */
export const SERVER_MODES = ['sandbox', 'production'] as const;

/** One of {@link SERVER_MODES}. */
export type ServerMode = (typeof SERVER_MODES)[number];

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * RESPONSE_VALIDATION: `zod` checks every answer against the contract before the fast
 * serializer writes it (the default outside production, so a contract break fails loudly in tests
 * and development); `off` runs the fast serializer alone (production's default).
 */
const RESPONSE_VALIDATIONS = ['zod', 'off'] as const;

/** One of {@link RESPONSE_VALIDATIONS}. */
export type ResponseValidation = (typeof RESPONSE_VALIDATIONS)[number];

/** Fastify's default body limit is 1 MiB; JSON bodies of the cashier are far smaller. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/** Where `npm run build -w @cashdesk/widget` writes the widget. */
export const DEFAULT_WIDGET_DIR = path.join(REPO_ROOT, 'packages', 'widget', 'dist');

/** Where `npm run build -w @cashdesk/back-office` writes the back office. */
export const DEFAULT_BACK_OFFICE_DIR = path.join(REPO_ROOT, 'packages', 'back-office', 'dist');

/** The variables of the server process. */
export const SERVER_VARIABLES = {
  PORT: integerText('PORT', 0, 65_535).default(8080),
  HOST: optionalText.transform((value) => value ?? '127.0.0.1'),
  CASHDESK_MODE: z.enum(SERVER_MODES).default('sandbox'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  RESPONSE_VALIDATION: optionalText.pipe(z.enum(RESPONSE_VALIDATIONS).optional()),
  PUBLIC_URL: urlText.optional(),
  WIDGET_URL: urlText.optional(),
  SESSION_LIFETIME_MS: integerText('SESSION_LIFETIME_MS', 1_000, 86_400_000).default(
    SESSION_LIFETIME_MS.long,
  ),
  BODY_LIMIT_BYTES: integerText('BODY_LIMIT_BYTES', 1_024, 104_857_600).default(
    DEFAULT_BODY_LIMIT_BYTES,
  ),
  WIDGET_DIR: optionalText,
  BACK_OFFICE_DIR: optionalText,
};

/** The server process's part of the configuration. */
export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly mode: ServerMode;
  readonly logLevel: LogLevel;
  /** RESPONSE_VALIDATION: whether zod checks answers before they are written. */
  readonly responseValidation: ResponseValidation;
  /** The address the server is reached at from a browser (3-D Secure page, OpenAPI servers). */
  readonly publicUrl: string;
  /** The widget's address; session addresses are `${widgetUrl}/deposit?session_id=…`. */
  readonly widgetUrl: string;
  /** Idle lifetime of a session: every authenticated call pushes its expiry this far ahead. */
  readonly sessionLifetimeMs: number;
  /** Largest JSON body accepted (uploads have their own limit). */
  readonly bodyLimitBytes: number;
  /**
   * The built widget (`index.html` + `assets/`) the server serves at its root, so the widget
   * reaches the API on its own origin; `undefined` serves the API alone.
   */
  readonly widgetDir: string | undefined;
  /**
   * The built back office the server serves at /back-office (http/back-office-static.ts);
   * `undefined` serves none.
   */
  readonly backOfficeDir: string | undefined;
}

/**
 * The server process's settings. PUBLIC_URL defaults to `http://HOST:PORT` and WIDGET_URL to
 * PUBLIC_URL; RESPONSE_VALIDATION is `zod` outside production and `off` in production; WIDGET_DIR
 * is {@link DEFAULT_WIDGET_DIR} when that folder holds a build, else the API is served alone;
 * BACK_OFFICE_DIR likewise {@link DEFAULT_BACK_OFFICE_DIR} when it holds a build, else none.
 */
export function readServer(values: ValuesOf<typeof SERVER_VARIABLES>): ServerSettings {
  const publicUrl = values.PUBLIC_URL ?? `http://${values.HOST}:${values.PORT}`;
  return {
    port: values.PORT,
    host: values.HOST,
    mode: values.CASHDESK_MODE,
    logLevel: values.LOG_LEVEL,
    responseValidation:
      values.RESPONSE_VALIDATION ?? (values.CASHDESK_MODE === 'production' ? 'off' : 'zod'),
    publicUrl,
    widgetUrl: values.WIDGET_URL ?? publicUrl,
    sessionLifetimeMs: values.SESSION_LIFETIME_MS,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    widgetDir:
      values.WIDGET_DIR === undefined
        ? existsSync(path.join(DEFAULT_WIDGET_DIR, 'index.html'))
          ? DEFAULT_WIDGET_DIR
          : undefined
        : path.resolve(values.WIDGET_DIR),
    backOfficeDir:
      values.BACK_OFFICE_DIR === undefined
        ? existsSync(path.join(DEFAULT_BACK_OFFICE_DIR, 'index.html'))
          ? DEFAULT_BACK_OFFICE_DIR
          : undefined
        : path.resolve(values.BACK_OFFICE_DIR),
  };
}
