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
import type { WalletService } from '../modules/wallet/wallet';
import type { OtpSender } from '../modules/accounts/otp-senders/otp-sender';
import type { Telemetry } from './telemetry';
import type { RealtimeHub } from '../modules/realtime/hub';
import type { ClickstreamRetention } from '../modules/realtime/clickstream';

/** The clock every decision that depends on time reads (tests pass their own). */
export type Clock = () => Date;

/**
 * What routes need besides the request: the database, the configuration, the connectors, the
 * wallet, the one-time-code sender, the clock and metrics.
 */
export interface AppDeps {
  readonly db: Database;
  readonly config: ServerConfig;
  /** The payment providers by connector name (providers/connectors.ts). */
  readonly connectors: ConnectorRegistry;
  /** Where the players' money is kept: the cashier's ledger or the operator's wallet. */
  readonly wallet: WalletService;
  /** Hands one-time codes to the player (services/otp-senders/): one per app. */
  readonly otpSender: OtpSender;
  readonly clock: Clock;
  /** The app's own Prometheus metrics (telemetry.ts), reported to by the payment pipeline. */
  readonly metrics: Telemetry;
  /** The realtime hub at /connection/websocket. */
  readonly realtime: RealtimeHub;
  /** Deletes clickstream events past CLICKSTREAM_RETENTION_DAYS, hourly. */
  readonly clickstreamRetention: ClickstreamRetention;
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
