/**
 * The payment provider boundary. Its source is `@cashdesk/connector-kit` (the package a
 * connector imports, packages/connector-kit/src/provider.ts); this file re-exports it so that the
 * server's own modules keep one import path for it.
 *
 * @packageDocumentation
 */
export * from '@cashdesk/connector-kit';
