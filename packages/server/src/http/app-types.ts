/**
 * The types every route module shares: the app (a Fastify instance with the zod type provider)
 * and its dependencies, reachable from any route as `app.cashdesk`.
 *
 * @packageDocumentation
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import type { ConnectorRegistry } from '../providers/connectors';
import type { Telemetry } from './telemetry';
import type { WidgetPageData } from './widget-page-data';

/** The clock every decision that depends on time reads (tests pass their own). */
export type Clock = () => Date;

/**
 * What routes need besides the request: the database, the configuration, the connectors, the
 * clock and metrics. A module that adds a dependency of its own (the wallet, the one-time-code
 * sender, the realtime hub, the clickstream's retention) declares it beside its type by merging
 * into this interface (`declare module '…/http/app-types'`), so this layer names no module.
 */
export interface AppDeps {
  readonly db: Database;
  readonly config: ServerConfig;
  /** The payment providers by connector name (providers/connectors.ts). */
  readonly connectors: ConnectorRegistry;
  readonly clock: Clock;
  /** The app's own Prometheus metrics (telemetry.ts), reported to by the payment pipeline. */
  readonly metrics: Telemetry;
  /**
   * The answers the widget's document inlines for its first screen (widget-page-data.ts); the
   * cashier module provides them. Without it the document is the built index.html alone.
   */
  readonly widgetPageData?: WidgetPageData | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's dependencies (decorated by createApp before any route). */
    cashdesk: AppDeps;
  }
}

/** The server's Fastify instance. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A function that registers a group of routes. */
export type RouteModule = (app: App) => void;
