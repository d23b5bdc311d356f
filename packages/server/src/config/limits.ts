/**
 * What the server keeps and for how long, and what one realtime client may take: the caches'
 * lifetimes, the realtime hub's ping and limits, and how long clickstream events and client
 * reports are kept.
 *
 * @packageDocumentation
 */
import { integerText } from './env';
import type { ValuesOf } from './env';

/**
 * The caches' safety net (db/cache/): an entry is dropped this long after it was
 * read at the latest, on the app's clock, even if no notification came. 0 keeps nothing.
 */
export interface CacheSettings {
  /** BRAND_CACHE_TTL_MS: brand data (pay groups, brand, tiers, currency), default 5 s. */
  readonly brandTtlMs: number;
  /** SESSION_CACHE_TTL_MS: sessions, default 5 s. */
  readonly sessionTtlMs: number;
}

/** The realtime hub (modules/realtime/hub.ts). */
export interface RealtimeSettings {
  /** REALTIME_PING_INTERVAL_S: seconds between server pings, default 25 (Centrifugo's). */
  readonly pingIntervalS: number;
  /** REALTIME_MAX_CONNECTIONS_PER_SESSION: default 4. */
  readonly maxConnectionsPerSession: number;
  /** REALTIME_MAX_CONNECTIONS_PER_ADDRESS: default 500 (players behind one carrier NAT). */
  readonly maxConnectionsPerAddress: number;
  /**
   * REALTIME_MAX_CONNECTIONS: open connections of this process at most, default 20000; past it a
   * new socket is closed with 3013 (the client reconnects after its back-off).
   */
  readonly maxConnections: number;
  /**
   * REALTIME_CONNECT_TIMEOUT_MS: a socket that has not connected (a `connect` with a valid token)
   * this long after it opened is closed (3502), whatever it sent; default 8000, at most 9000 (the
   * deadline is checked every second, so such a socket lives less than 10 s).
   */
  readonly connectTimeoutMs: number;
  /** REALTIME_MAX_FRAME_BYTES: default 65536 (SPEC §9's 60000-byte analytics transport fits). */
  readonly maxFrameBytes: number;
  /** Channels one connection may be subscribed to, 16. */
  readonly maxSubscriptions: number;
  /**
   * CLICKSTREAM_MAX_EVENTS_PER_MINUTE: clickstream events one connection may publish per minute,
   * default 600; past it a publication is refused (111, temporary: the widget retries later).
   */
  readonly clickstreamEventsPerMinute: number;
  /** CLICKSTREAM_RETENTION_DAYS: days a clickstream event is kept, default 30. */
  readonly clickstreamRetentionDays: number;
}

/** The widget's render-crash and error reports (modules/widget-reports/client-reports.ts). */
export interface ClientReportSettings {
  /** CLIENT_REPORT_RETENTION_DAYS: reports older than this are deleted, default 30. */
  readonly retentionDays: number;
}

/** The default {@link ClientReportSettings}. */
export const DEFAULT_CLIENT_REPORTS: ClientReportSettings = { retentionDays: 30 };

/** The variables of the caches, the realtime hub and the client reports. */
export const LIMIT_VARIABLES = {
  BRAND_CACHE_TTL_MS: integerText('BRAND_CACHE_TTL_MS', 0, 60_000).default(5_000),
  SESSION_CACHE_TTL_MS: integerText('SESSION_CACHE_TTL_MS', 0, 60_000).default(5_000),
  REALTIME_PING_INTERVAL_S: integerText('REALTIME_PING_INTERVAL_S', 1, 600).default(25),
  REALTIME_MAX_CONNECTIONS_PER_SESSION: integerText(
    'REALTIME_MAX_CONNECTIONS_PER_SESSION',
    1,
    1_000,
  ).default(4),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: integerText(
    'REALTIME_MAX_CONNECTIONS_PER_ADDRESS',
    1,
    1_000_000,
  ).default(500),
  REALTIME_MAX_CONNECTIONS: integerText('REALTIME_MAX_CONNECTIONS', 1, 10_000_000).default(20_000),
  REALTIME_CONNECT_TIMEOUT_MS: integerText('REALTIME_CONNECT_TIMEOUT_MS', 100, 9_000).default(
    8_000,
  ),
  REALTIME_MAX_FRAME_BYTES: integerText('REALTIME_MAX_FRAME_BYTES', 1_024, 1_048_576).default(
    65_536,
  ),
  CLICKSTREAM_MAX_EVENTS_PER_MINUTE: integerText(
    'CLICKSTREAM_MAX_EVENTS_PER_MINUTE',
    1,
    100_000,
  ).default(600),
  CLICKSTREAM_RETENTION_DAYS: integerText('CLICKSTREAM_RETENTION_DAYS', 1, 3_650).default(30),
  CLIENT_REPORT_RETENTION_DAYS: integerText('CLIENT_REPORT_RETENTION_DAYS', 1, 3_650).default(
    DEFAULT_CLIENT_REPORTS.retentionDays,
  ),
};

/** The caches', the realtime hub's and the client reports' part of the configuration. */
export interface LimitSettings {
  /** How long brand data and sessions stay in memory (db/cache/). */
  readonly cache: CacheSettings;
  /** The realtime hub's ping and limits (modules/realtime/hub.ts). */
  readonly realtime: RealtimeSettings;
  /** The widget's render-crash and error reports (modules/widget-reports/client-reports.ts). */
  readonly clientReports: ClientReportSettings;
}

/** The caches, the realtime hub and the client reports; none depends on another setting. */
export function readLimits(values: ValuesOf<typeof LIMIT_VARIABLES>): LimitSettings {
  return {
    cache: {
      brandTtlMs: values.BRAND_CACHE_TTL_MS,
      sessionTtlMs: values.SESSION_CACHE_TTL_MS,
    },
    realtime: {
      pingIntervalS: values.REALTIME_PING_INTERVAL_S,
      maxConnectionsPerSession: values.REALTIME_MAX_CONNECTIONS_PER_SESSION,
      maxConnectionsPerAddress: values.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
      maxConnections: values.REALTIME_MAX_CONNECTIONS,
      connectTimeoutMs: values.REALTIME_CONNECT_TIMEOUT_MS,
      maxFrameBytes: values.REALTIME_MAX_FRAME_BYTES,
      maxSubscriptions: 16,
      clickstreamEventsPerMinute: values.CLICKSTREAM_MAX_EVENTS_PER_MINUTE,
      clickstreamRetentionDays: values.CLICKSTREAM_RETENTION_DAYS,
    },
    clientReports: { retentionDays: values.CLIENT_REPORT_RETENTION_DAYS },
  };
}
