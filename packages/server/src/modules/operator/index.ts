/**
 * The operator module. The operator API's own business
 * (docs/decisions/0028-operator-api-and-keys.md): players and the rules set on them, sessions
 * opened for them, transactions and their CSV, a transaction's timeline, the clickstream read;
 * routes: keys, audit, players, transactions, approvals, clickstream. Keys and the audit trail
 * themselves are in http/ (operator-keys.ts, operator-audit.ts): every operator call goes through
 * them.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { checkVerification, loadPlayerRules } from './player-rules';
export { backlogReaders } from './insight';
