/**
 * @cashdesk/connector-kit: what a payment connector imports to plug a PSP into Cashdesk — the
 * {@link PaymentProvider} interface and its types, {@link ProviderNotReachedError}, the webhook
 * signature helpers, and {@link defineConnector}, the shape of a connector module the server
 * loads from its configuration. The conformance suite is `@cashdesk/connector-kit/conformance`.
 * README.md beside this folder has the version policy.
 *
 * @packageDocumentation
 */
export * from './provider';
export * from './signing';
export { KIT_VERSION, connectorModuleProblem, defineConnector, majorVersion } from './connector';
export type { ConnectorLog, ConnectorModule, ConnectorOptions } from './connector';
