/**
 * The cashier module. The cashier's answers (init and select, docs/decisions/0037-lean-submit.md)
 * over a session's pay groups: the rows and their availability (pay-group-rows.ts), the pay groups
 * a session sees (pay-groups.ts), a pay group's form (pay-group-form.ts), the player read in one
 * statement (player-figures.ts), brand data kept in memory (brand-data.ts), tax, lost profit, wager
 * and bet shops; a new session (create-session.ts); routes: cashier init and select, the sandbox's
 * sessions, the right-to-left assets list.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { betShopToWire, findBetShop } from './bet-shops';
export type { BrandData } from './brand-data';
export { createSession } from './create-session';
export { depositCashierResponse } from './init-answer';
export { firstScreenData } from './first-screen';
export {
  PayGroupConnectorError,
  assertPayGroupConnectors,
  payGroupConnector,
} from './pay-group-connectors';
export {
  TRANSFER_REFERENCE_FIELD,
  depositFields,
  formFields,
  viewDataOf,
  withServerValues,
} from './pay-group-form';
export { assertAvailable, localizedName } from './pay-group-rows';
export type { BrandRow, PayGroupScope, SessionPayGroup } from './pay-group-rows';
export {
  findSessionPayGroup,
  narrowedFor,
  offeredTo,
  payGroupIdOf,
  sessionScope,
  unknownPayGroupError,
} from './pay-groups';
export { playerAndBrandData, userBonusesOf } from './player-figures';
export { loadPlayer } from './player-profile';
export type { PlayerProfile } from './player-profile';
export { refuseWhenDisabledByWager, wagerOf } from './wager';
export type { WithdrawalWager } from './wager';
