/**
 * Render-crash and error reports of the widget (SPEC §4 "Render crash: reported", SPEC §8
 * "Unhandled render error: logged, reported, cashier reinitialised", SPEC §9 "Error-reporting
 * trace sample rate 0.9, 20 breadcrumbs"). Every part is bounded by the domain's
 * `CLIENT_REPORT_LIMITS`; the server scrubs the texts again before it stores them.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { BREADCRUMB_TYPES, CLIENT_REPORT_KINDS, CLIENT_REPORT_LIMITS } from '@cashdesk/domain';

/** SPEC §9: one breadcrumb of a report's trace. */
export const BreadcrumbWire = z
  .object({
    type: z.enum(BREADCRUMB_TYPES),
    message: z.string().check(z.maxLength(CLIENT_REPORT_LIMITS.breadcrumbMessage)),
    at: z.number().check(z.int(), z.gte(0), z.lte(8_640_000_000_000_000)),
  })
  .check(
    z.meta({
      id: 'Breadcrumb',
      description:
        'One step before the report (SPEC §9): navigation (the page path), click (the accessible name of a button or link, never a value) or api (the endpoint id and HTTP status); at is milliseconds since the epoch.',
    }),
  );

/** SPEC §4, §8, §9: the body of a report. */
export const ClientReportRequest = z
  .object({
    kind: z.enum(CLIENT_REPORT_KINDS),
    message: z.string().check(z.minLength(1), z.maxLength(CLIENT_REPORT_LIMITS.message)),
    stack: z.optional(z.nullable(z.string().check(z.maxLength(CLIENT_REPORT_LIMITS.stack)))),
    page: z.string().check(z.minLength(1), z.maxLength(CLIENT_REPORT_LIMITS.page)),
    release: z.optional(z.nullable(z.string().check(z.maxLength(CLIENT_REPORT_LIMITS.release)))),
    user_agent: z.optional(
      z.nullable(z.string().check(z.maxLength(CLIENT_REPORT_LIMITS.userAgent))),
    ),
    trace_sampled: z.boolean(),
    breadcrumbs: z.array(BreadcrumbWire).check(z.maxLength(CLIENT_REPORT_LIMITS.breadcrumbs)),
  })
  .check(
    z.meta({
      id: 'ClientReportRequest',
      description:
        'A render crash (render_crash), an uncaught error (error) or an unhandled rejection (unhandled_rejection) of the widget. page is the path only (the query holds the session id). trace_sampled: whether the page load was sampled into tracing (SPEC §9 rate 0.9); only a sampled report carries its breadcrumbs, at most 20 (SPEC §9). Card-number-like digit runs, CVV-like fields and session ids are removed from every text before it is stored.',
    }),
  );
/** SPEC §4, §8, §9: a report's body. */
export type ClientReportRequest = z.infer<typeof ClientReportRequest>;

/** The optional session of a report: a report is taken with or without one. */
export const ClientReportHeaders = z.object({
  'x-session-id': z.optional(
    z.string().check(
      z.maxLength(256),
      z.meta({
        description:
          'The cashier session, when the widget has one (SPEC §6). Optional: a report without a valid session is kept without brand and player.',
      }),
    ),
  ),
});

/** The answer to a report (designed). */
export const ClientReportResponse = z.object({ accepted: z.boolean() }).check(
  z.meta({
    id: 'ClientReportResponse',
    description: 'The report was taken (designed: not in SPEC §7).',
  }),
);
/** The answer to a report. */
export type ClientReportResponse = z.infer<typeof ClientReportResponse>;
