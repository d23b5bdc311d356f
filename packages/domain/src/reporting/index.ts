/**
 * Render-crash and error reports (SPEC §4, §8, §9).
 *
 * @packageDocumentation
 */
export {
  BREADCRUMB_TYPES,
  CLIENT_REPORT_KINDS,
  CLIENT_REPORT_LIMITS,
  addBreadcrumb,
  scrubClientReport,
  shouldSampleTrace,
} from './client-reports';
export type { Breadcrumb, BreadcrumbType, ClientReport, ClientReportKind } from './client-reports';
