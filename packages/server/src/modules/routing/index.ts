/**
 * The routing module: a brand's connector routing rules (which connectors a new payment may go
 * to, in which order, and whether a soft decline cascades), their configuration and dry run
 * (docs/decisions/0110-connector-routing.md).
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { getRoutingRules, putRoutingRules, storedRules } from './config';
export { dryRun } from './dry-run';
export { connectorStates, countCall, healthOf, usableConnectors } from './health';
export { drawOf, routePayment } from './rules';
export type { Route } from './rules';
