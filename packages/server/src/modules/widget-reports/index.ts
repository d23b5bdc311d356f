/**
 * The widget-reports module. What the widget reports: render crashes and errors, scrubbed and kept
 * for a while (client-reports.ts), and its page metrics; routes: client reports and metrics.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { startClientReportPruner } from './client-reports';
