/**
 * Where the rate limits and lockouts are counted (REDIS_URL, http/limit-counters.ts): in the
 * database every process already shares, the default, or in Redis when REDIS_URL names one, so
 * that the counted events (failed credentials, money calls, client reports, wrong passwords) cost
 * the database nothing (docs/decisions/0115-limit-counters-in-redis.md).
 *
 * A REDIS_URL that cannot be used is refused at start, in every mode, with a message naming the
 * variable and never its value (it may hold a password). Production also refuses plain
 * `redis://` to another host, as it refuses plain http (config/production-checks.ts).
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { optionalText } from './env';
import type { ValuesOf } from './env';

/** Why `value` is not a usable REDIS_URL, or `undefined` when it is. */
function redisUrlProblem(value: string): string | undefined {
  const form = 'redis://[[user]:password@]host[:port][/database] (rediss:// for TLS)';
  if (!URL.canParse(value)) return `must be a URL of the form ${form}`;
  const url = new URL(value);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    return `must start with redis:// or rediss://, the form ${form}`;
  }
  if (url.hostname === '') return `must name a host, the form ${form}`;
  if (url.search !== '' || url.hash !== '') return `takes no query or fragment, the form ${form}`;
  if (!/^(\/([0-9]{1,5})?)?$/.test(url.pathname)) {
    return `may end only in a database number (/0, /1, …), the form ${form}`;
  }
  return undefined;
}

/** The variables of the limits' store. */
export const LIMIT_STORE_VARIABLES = {
  REDIS_URL: optionalText.transform((value, context): string | undefined => {
    if (value === undefined) return undefined;
    const problem = redisUrlProblem(value);
    if (problem === undefined) return value;
    context.addIssue({ code: 'custom', message: `REDIS_URL ${problem}` });
    return z.NEVER;
  }),
};

/** Where the limits are counted: the database (default) or a Redis server. */
export type LimitStoreSettings =
  | { readonly kind: 'database' }
  | {
      readonly kind: 'redis';
      /** REDIS_URL, as given (it may hold a password: never logged). */
      readonly url: string;
    };

/** The limits' store of the configuration. */
export function readLimitStore(values: ValuesOf<typeof LIMIT_STORE_VARIABLES>): LimitStoreSettings {
  return values.REDIS_URL === undefined
    ? { kind: 'database' }
    : { kind: 'redis', url: values.REDIS_URL };
}
