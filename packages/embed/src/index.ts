/**
 * @cashdesk/embed: the small typed SDK a brand's host page uses to embed the Cashdesk cashier
 * (issue 4). `mountCashier` creates the iframe, pins the origin of the messages it accepts,
 * delivers the widget's messages (SPEC §1) as typed events and sends it commands. Exports are
 * listed by name (ARCHITECTURE.md convention 7).
 *
 * @packageDocumentation
 */
export { buildCashierAddress, httpUrl } from './cashier-address';
export type { CashierAddressOptions, CashierQueryOptions } from './cashier-address';
export { hostPathUrl, readCashierEvent } from './cashier-events';
export type {
  CashierEventData,
  LoadEventData,
  ReInitCashierEventData,
  RedirectEventData,
  RedirectToEventData,
  ResetScrollEventData,
} from './cashier-events';
export { CASHIER_ALLOW_FEATURES, CASHIER_SANDBOX_TOKENS } from './frame-policy';
export { DEFAULT_CASHIER_TITLE, mountCashier } from './mount-cashier';
export type {
  Cashier,
  CashierEvent,
  CashierEventControl,
  CashierEventHandler,
  CashierEventOf,
  CashierEventType,
  MountCashierOptions,
} from './mount-cashier';
