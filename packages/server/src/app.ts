/**
 * Builds the Fastify app of the cashier-service without listening: the zod validator and the
 * answers' serializer compiler (http/fast-serializer.ts), the body limit, logging with redaction,
 * the error answers, the session decoration and every route module. main.ts listens; tests listen on an ephemeral port.
 *
 * @packageDocumentation
 */
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import type { Database, PoolStats } from './db/open';
import type { App, Clock, RouteModule } from './http/app-types';
import { answerFrameworkError, installErrorHandlers } from './http/error-handler';
import { responseSerializerCompiler } from './http/fast-serializer';
import { createLogger } from './http/logger';
import { Readiness, installReadiness } from './http/readiness';
import { installRequestIdHeader, requestIdOf, withRequestIdHeader } from './http/request-id';
import { installSecurity } from './http/security';
import { securityServerOptions } from './http/server-options';
import { clientAddressOf } from './http/client-address';
import { Telemetry, installHttpMetrics } from './http/telemetry';
import { decorateSession } from './http/session-auth';
import { decorateOperator } from './http/operator-auth';
import { decorateStaffSession } from './http/staff-session';
import type { PaymentProvider } from './providers';
import { ConnectorRegistry } from './providers/connectors';
import { createConnectors } from './providers/create-provider';
import { assertPayGroupConnectors, firstScreenData } from './modules/cashier';
import { CacheHub, registerCacheHub } from './db/cache/cache-hub';
import { registerRoutes } from './register-routes';
import { serveBackOffice } from './http/back-office-static';
import { createWalletService } from './modules/wallet';
import type { WalletService } from './modules/wallet';
import { createOtpSender } from './modules/accounts';
import type { OtpSender } from './modules/accounts';
import { RealtimeHub, startClickstreamRetention } from './modules/realtime';
import { backlogReaders } from './modules/operator';
import { connectorStates } from './modules/routing';
import { createDocumentStorage } from './modules/payments';
import { PREVIEW_SWEEP_INTERVAL_MS, sweepExpiredPreviews } from './modules/brand-config';

/** What {@link createApp} needs. */
export interface CreateAppOptions {
  readonly db: Database;
  readonly config: ServerConfig;
  /**
   * Default: the connectors the configuration names (providers/create-provider.ts). A registry
   * replaces them; a single provider replaces the default connector (the others are kept).
   */
  readonly provider?: PaymentProvider | ConnectorRegistry | undefined;
  /** Default: the wallet the configuration names (modules/wallet/wallet.ts). */
  readonly wallet?: WalletService | undefined;
  /**
   * Who hands one-time codes to the player. Default: the sender the configuration names
   * (OTP_SENDER, modules/accounts/otp-senders/create-otp-sender.ts); an operator may pass its own.
   */
  readonly otpSender?: OtpSender | undefined;
  /** The clock of every time-dependent decision; default the system clock. Tests pass their own. */
  readonly clock?: Clock | undefined;
  /** Default: a logger at the config's level writing to stdout (http/logger.ts). */
  readonly logger?: Logger | undefined;
  /** Default true: the realtime hub runs its ping and connect-deadline timers; tests drive them. */
  readonly realtimeTimers?: boolean | undefined;
  /** Route modules registered after the server's own (tests add probe routes this way). */
  readonly extraRoutes?: readonly RouteModule[] | undefined;
  /** The PostgreSQL pool (OpenDatabase.pool), whose connections the metrics report. */
  readonly databasePool?: PoolStats | undefined;
}

/** Answers below this size gain nothing from compression after headers. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The app's connectors: given, configured, or configured with a given default provider. */
async function connectorsOf(
  options: CreateAppOptions,
  config: ServerConfig,
  db: Database,
  logger: FastifyBaseLogger,
): Promise<ConnectorRegistry> {
  if (options.provider instanceof ConnectorRegistry) return options.provider;
  const configured = await createConnectors(config, db, logger);
  return options.provider === undefined ? configured : configured.withDefault(options.provider);
}

/** Creates the app; call `listen` (or `inject`) on it. */
export async function createApp(options: CreateAppOptions): Promise<App> {
  const { config, db } = options;
  const logger: FastifyBaseLogger = options.logger ?? createLogger({ level: config.logLevel });
  const app = Fastify({
    // Time-outs, trusted proxies and the answer to broken connections.
    ...securityServerOptions(config.security),
    loggerInstance: logger,
    bodyLimit: config.bodyLimitBytes,
    // Shut down promptly: keep-alive clients get 503 instead of holding close() open.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: withRequestIdHeader(answerFrameworkError),
    // A validated x-request-id or a new UUID, bound to every log line as reqId.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers written by fast-json-stringify compiled from the contract's JSON Schema,
  // checked by zod first unless RESPONSE_VALIDATION=off (production's default).
  app.setSerializerCompiler(
    responseSerializerCompiler({ validation: config.responseValidation, log: logger }),
  );
  const metrics = new Telemetry({ pool: options.databasePool });
  const connectors = await connectorsOf(options, config, db, logger);
  // Every pay group must pay through a configured connector: refused at start, naming it.
  await assertPayGroupConnectors(db, connectors);
  const clock = options.clock ?? (() => new Date());
  // The realtime hub on the app's HTTP server (modules/realtime/hub.ts), closed before the
  // server so that its sockets do not hold the close open.
  const realtime = new RealtimeHub({
    db,
    secret: config.secret,
    settings: config.realtime,
    clock,
    log: logger,
    clientAddress: clientAddressOf(config.security.trustProxy),
    timer: options.realtimeTimers,
  });
  realtime.attach(app.server);
  metrics.realtimeConnections(() => realtime.connections);
  metrics.backlog({ ...backlogReaders(db, clock), connectorHealth: () => connectorStates(db) });
  await realtime.start();
  app.addHook('preClose', async () => {
    await realtime.stop();
  });
  // Clickstream events older than CLICKSTREAM_RETENTION_DAYS go, hourly, in every
  // process (batches skip the rows another process is deleting); stopped as the app closes.
  const clickstreamRetention = startClickstreamRetention({
    db,
    clock,
    retentionDays: config.realtime.clickstreamRetentionDays,
    log: logger,
  });
  app.addHook('onClose', async () => {
    await clickstreamRetention.stop();
  });
  // Expired previews of a configuration go (every new preview sweeps too), in every process.
  const previewSweep = setInterval(() => {
    sweepExpiredPreviews(db, clock()).catch((error: unknown) => {
      logger.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'preview sweep failed',
      );
    });
  }, PREVIEW_SWEEP_INTERVAL_MS);
  previewSweep.unref();
  app.addHook('onClose', () => {
    clearInterval(previewSweep);
  });
  // Where uploaded documents' bytes are kept: DATA_DIR/uploads, or a bucket (UPLOADS_S3_*).
  const documentStorage = createDocumentStorage(config.uploads, config.dataDir, logger);
  app.addHook('onClose', () => {
    documentStorage.close();
  });
  const deps = {
    db,
    config,
    connectors,
    wallet:
      options.wallet ??
      createWalletService({
        db,
        config: config.wallet,
        clock,
        leaseMs: config.payments.leaseMs,
        log: app.log,
        observe: (kind, outcome) => {
          metrics.walletOperation(kind, outcome);
        },
      }),
    otpSender: options.otpSender ?? createOtpSender(config.otp, { db, log: logger, clock }),
    clock,
    metrics,
    realtime,
    clickstreamRetention,
    documentStorage,
  };
  app.decorate('cashdesk', { ...deps, widgetPageData: firstScreenData(deps) });
  // Brand data and sessions in memory, kept true by notifications (db/cache/).
  const caches = new CacheHub({ db, settings: config.cache, clock, log: logger });
  // An ended session's or a blocked player's sockets close as their cache entries do.
  caches.onChange((change) => {
    realtime.ended(change);
  });
  const unregisterCaches = registerCacheHub(db, caches);
  await caches.start();
  app.addHook('onClose', async () => {
    unregisterCaches();
    await caches.stop();
  });
  // /readyz turns 503 as soon as the app starts closing; every answer is timed.
  installReadiness(app, new Readiness(db));
  installHttpMetrics(app, metrics);
  // Text answers above 1 KB travel compressed (the init answer: 8.6 KB of JSON, about 1.5 KB in
  // brotli), on the slow mobile links the cashier is used on. Brotli at a low quality costs
  // little CPU; a file the widget build compressed already is sent as it is (widget-static.ts).
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  installRequestIdHeader(app);
  decorateSession(app);
  decorateOperator(app);
  decorateStaffSession(app);
  // Security headers and rate limits, before any route.
  await installSecurity(app, config, { db, clock, metrics });
  installErrorHandlers(app);
  registerRoutes(app);
  // The back office at /back-office, before the extra routes: its paths win over the widget's
  // catch-all by being more specific, whichever is registered first.
  if (config.backOfficeDir !== undefined) serveBackOffice(config.backOfficeDir, config)(app);
  for (const register of options.extraRoutes ?? []) register(app);
  await app.ready();
  return app;
}
