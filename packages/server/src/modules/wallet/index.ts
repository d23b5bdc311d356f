/**
 * The wallet module. Where the players' money is kept (docs/decisions/0021-wallet-boundary.md): the
 * cashier's ledger (ledger.ts) or the operator's wallet over signed callbacks (operator-wallet.ts,
 * protocol.ts, wallet-operations.ts), and the money moves of the status machine (money.ts); route:
 * the sandbox's balance top-up.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { adjustBalance, credit, shownBalance } from './ledger';
export type { Balance } from './ledger';
export {
  creditDeposit,
  holdRefund,
  releasePayout,
  returnRefund,
  settleRefund,
  reservePayout,
  settlePayout,
  takeBackDeposit,
} from './money';
export { createWalletService } from './wallet';
export type { WalletKind, WalletService } from './wallet';
