/**
 * Where the players' money is kept (WALLET): the cashier's own ledger, or the operator's wallet
 * at OPERATOR_WALLET_URL, called signed with OPERATOR_WALLET_SECRET (modules/wallet/).
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import type { SigningKey } from '../http/signing';
import { integerText, optionalText, secretText, urlText } from './env';
import type { ValuesOf } from './env';

/** How to reach the operator's wallet (modules/wallet/operator-wallet.ts). */
export interface OperatorWalletSettings {
  /** The wallet's base URL; the protocol's routes go below it. */
  readonly url: string;
  /** The key requests are signed with. */
  readonly key: SigningKey;
  /** How long one call may take, answer included. */
  readonly timeoutMs: number;
}

/** Which wallet keeps the money, and how to reach the operator's (modules/wallet/wallet.ts). */
export type WalletConfig =
  { readonly kind: 'internal' } | ({ readonly kind: 'operator' } & OperatorWalletSettings);

/** The default OPERATOR_WALLET_TIMEOUT_MS: one wallet call, answer included. */
export const DEFAULT_OPERATOR_WALLET_TIMEOUT_MS = 5_000;

/** The variables of the wallet. */
export const WALLET_VARIABLES = {
  WALLET: optionalText.pipe(z.enum(['internal', 'operator']).optional()),
  OPERATOR_WALLET_URL: urlText.optional(),
  OPERATOR_WALLET_SECRET: secretText('OPERATOR_WALLET_SECRET', 16),
  OPERATOR_WALLET_KEY_ID: optionalText,
  OPERATOR_WALLET_TIMEOUT_MS: integerText('OPERATOR_WALLET_TIMEOUT_MS', 100, 120_000).default(
    DEFAULT_OPERATOR_WALLET_TIMEOUT_MS,
  ),
};

/**
 * The wallet: internal by default. The operator's needs OPERATOR_WALLET_URL and
 * OPERATOR_WALLET_SECRET (OPERATOR_WALLET_KEY_ID `default`), and a call must end within the
 * payment lease `leaseMs`; each missing or impossible setting is a line in `problems`.
 */
export function readWallet(
  values: ValuesOf<typeof WALLET_VARIABLES>,
  leaseMs: number,
  problems: string[],
): WalletConfig {
  if (values.WALLET !== 'operator') return { kind: 'internal' };
  if (values.OPERATOR_WALLET_URL === undefined) {
    problems.push(
      "OPERATOR_WALLET_URL: required with WALLET=operator (the operator wallet's base address)",
    );
  }
  if (values.OPERATOR_WALLET_SECRET === undefined) {
    problems.push(
      'OPERATOR_WALLET_SECRET: required with WALLET=operator (signs every wallet call)',
    );
  }
  if (leaseMs <= values.OPERATOR_WALLET_TIMEOUT_MS) {
    problems.push(
      'PAYMENT_LEASE_MS: must be longer than OPERATOR_WALLET_TIMEOUT_MS (a wallet call must end within its lease)',
    );
  }
  if (values.OPERATOR_WALLET_URL === undefined || values.OPERATOR_WALLET_SECRET === undefined) {
    return { kind: 'internal' };
  }
  return {
    kind: 'operator',
    url: values.OPERATOR_WALLET_URL,
    key: {
      keyId: values.OPERATOR_WALLET_KEY_ID ?? 'default',
      secret: values.OPERATOR_WALLET_SECRET,
    },
    timeoutMs: values.OPERATOR_WALLET_TIMEOUT_MS,
  };
}
