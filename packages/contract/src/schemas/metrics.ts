/**
 * Performance metrics the widget reports (SPEC §7 payments/metrics and payouts/metrics).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';

/** SPEC §7: one metric (TTI or FID, and their modern equivalents LCP, INP, CLS in thousandths, TTFB), rounded. */
export const MetricValueSchema = z
  .object({
    name: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'a metric name such as TTI')),
    value: z.number().check(z.int(), z.gte(0), z.lte(3_600_000)),
  })
  .check(
    z.meta({
      id: 'MetricValue',
      description:
        'One metric (SPEC §7: name and value, rounded): TTI, FID, LCP, INP or TTFB in milliseconds, CLS in thousandths of the score. Other names are accepted and logged, not kept as series.',
    }),
  );

/** SPEC §7: the metrics body. */
export const MetricsRequest = z
  .object({
    metrics: z.array(MetricValueSchema).check(z.minLength(1), z.maxLength(20)),
    tags: z.record(
      z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'a tag name')),
      z.string().check(z.maxLength(200)),
    ),
  })
  .check(
    z.meta({
      id: 'MetricsRequest',
      description:
        'Body of POST payments/metrics and payouts/metrics (SPEC §7: a metrics list of name/value and tags such as brand, channel, language); each metric is sent once per session.',
    }),
  );
/** SPEC §7: metrics body. */
export type MetricsRequest = z.infer<typeof MetricsRequest>;

/** SPEC §7: metrics answer (designed). */
export const MetricsResponse = z.object({ accepted: z.number().check(z.int(), z.gte(0)) }).check(
  z.meta({
    id: 'MetricsResponse',
    description: 'How many metrics were recorded (answer not shown in SPEC §7, designed).',
  }),
);
/** SPEC §7: metrics answer. */
export type MetricsResponse = z.infer<typeof MetricsResponse>;
