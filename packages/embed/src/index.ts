/**
 * @cashdesk/embed: the small typed SDK a brand's host page uses to embed the Cashdesk cashier.
 * `mountCashier` creates the iframe, pins the origin of the messages it accepts,
 * delivers the widget's messages (SPEC §1, plus ready, resize and result) as typed events, sizes
 * the frame to its content and sends it commands; or opens the cashier in a new tab. Exports are
 * listed by name (docs/architecture.md convention 7).
 *
 * @packageDocumentation
 */
export { buildCashierAddress, httpUrl } from './cashier-address';
export type { CashierAddressOptions, CashierQueryOptions } from './cashier-address';
export { hostPathUrl, readCashierEvent } from './cashier-events';
export type {
  CashierEventData,
  FinishEventData,
  LoadEventData,
  ReadyEventData,
  ReInitCashierEventData,
  RedirectEventData,
  RedirectToEventData,
  ResetScrollEventData,
  ResizeEventData,
  ResultEventData,
} from './cashier-events';
export type {
  CashierInNewTabOptions,
  CashierTab,
  CashierTabEvent,
  ReturnEventData,
} from './cashier-tab';
export type { CashierEventControl } from './event-delivery';
export { DEFAULT_MIN_HEIGHT, frameHeight, frameHeightLimits } from './frame-height';
export type { FrameHeightLimits } from './frame-height';
export { CASHIER_ALLOW_FEATURES, CASHIER_SANDBOX_TOKENS } from './frame-policy';
export { DEFAULT_CASHIER_TITLE, mountCashier } from './mount-cashier';
export type {
  Cashier,
  CashierEvent,
  CashierEventHandler,
  CashierEventOf,
  CashierEventType,
  MountCashierOptions,
} from './mount-cashier';
