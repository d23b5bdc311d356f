/**
 * The persisted model of the cashier-service for drizzle-orm's PostgreSQL dialect, one file per
 * capability in this folder; this index is the whole schema as one import, for the services,
 * drizzle-orm and drizzle-kit (drizzle.config.ts), so a new table or enumeration is listed here
 * (index.test.ts fails while one is not). The same schema and the same generated migrations
 * (`drizzle/`) run on the embedded PGlite and on PostgreSQL.
 *
 * Conventions:
 * - Money is `numeric(24, 10)` read as a decimal string (docs/architecture.md: never a float); the
 *   math is big.js in the services.
 * - Time is `timestamptz` read as a `Date`.
 * - Enumerations the domain owns (flows, statuses, kinds) are PostgreSQL enums so a wrong value
 *   cannot be stored; their lists are checked against `@cashdesk/domain` in test/seed.test.ts.
 * - Card data: the database never has a column for a card number or a CVV. Saved cards keep a
 *   provider token, last4, BIN and expiry only, and CHECK constraints refuse anything longer.
 *
 * @packageDocumentation
 */
export {
  contactType,
  ledgerKind,
  paymentFlow,
  playerVerificationStatus,
  providerCallState,
  providerKind,
  refundSource,
  refundStatus,
  transactionStatus,
  walletKind,
  walletOperationKind,
  walletOperationState,
} from './enums';
export { brands, currencies, taxTiers } from './brands';
export { playerBalances, playerLimits, players, sessions } from './players';
export { lastUsedMethods, payGroupCurrencies, payGroups } from './pay-groups';
export type { StoredFieldDefinition } from './pay-groups';
export { bonusPayGroups, bonuses, lostProfitBonusTiers } from './bonuses';
export {
  adjustments,
  connectorHealth,
  ledgerEntries,
  refunds,
  transactionHistory,
  transactions,
  walletOperations,
} from './transactions';
export type { StoredRedirect } from './transactions';
export { savedCards } from './saved-cards';
export { otpChallenges, payoutAccounts } from './payout-accounts';
export { documents } from './documents';
export { betShops, contentPages, notifications } from './brand-content';
export type { ContentSection, WorkingHours } from './brand-content';
export { clickstreamEvents, clientReports } from './widget-reports';
export { idempotencyKeys } from './idempotency';
export {
  sandboxOtpOutbox,
  sandboxPayments,
  sandboxRefunds,
  sandboxTokens,
  sandboxTransactions,
} from './sandbox';
export { webhookEventState, webhookEvents } from './webhooks';
export { operatorApiKeys, operatorAuditLog } from './operator';
export { brandDefaultThemes, brandTexts, brandThemes } from './appearance';
export { staffAccounts, staffLinks, staffSessions } from './staff';
export { rateLimitWindows } from './rate-limits';
export { realtimeHistory, realtimeNodes, realtimePresence, realtimeStreams } from './realtime';
