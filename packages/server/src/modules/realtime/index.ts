/**
 * The realtime module. The realtime hub at /connection/websocket
 * (docs/decisions/0043-realtime-hub.md): its protocol codes, tokens, channel names, publishing by
 * NOTIFY and the clickstream; route: the realtime connection token.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { balanceChannel } from './channels';
export { startClickstreamRetention } from './clickstream';
export { RealtimeHub } from './hub';
export {
  balanceEnvelope,
  notifyExpression,
  publishCall,
  publishToBrandSessions,
  sessionEnvelope,
} from './publish';
