/**
 * The sandbox's Apple Pay and Google Pay tokens (SPEC §6): a wallet payment is decided by the
 * text of its token, the way a card payment is decided by its number (`test-cards.ts`), so a
 * developer and a test reach every result with a Payment Request that answers a chosen token.
 * The token is read, never kept: only its wallet is stored with the payment.
 *
 * @packageDocumentation
 */
import type { DeclineReason, WalletKind } from '../payment-provider';
import { DEFAULT_SANDBOX_TIMINGS, formatDuration } from './method-outcomes';

/** What a wallet token does: approved at once, declined, or processing then approved. */
export type TestWalletBehaviour = 'approved' | 'declined' | 'processing';

/** One row of the test wallet token table. */
export interface TestWalletToken {
  /** Text the token contains (any case) for this behaviour. */
  readonly marker: string;
  readonly behaviour: TestWalletBehaviour;
  /** For `declined`. */
  readonly declineReason?: DeclineReason;
  readonly description: string;
}

/**
 * The test wallet token table, checked in order: the first marker the token contains decides.
 * Any other token is approved at once, so the token of a wallet's own test environment (Google
 * Pay's `TEST`, which answers a fixed example token) pays too.
 */
export const TEST_WALLET_TOKENS: readonly TestWalletToken[] = [
  {
    marker: 'sandbox-decline',
    behaviour: 'declined',
    declineReason: 'declined',
    description: 'Declined by the issuer.',
  },
  {
    marker: 'sandbox-insufficient-funds',
    behaviour: 'declined',
    declineReason: 'insufficient_funds',
    description: 'Declined: insufficient funds.',
  },
  {
    marker: 'sandbox-processing',
    behaviour: 'processing',
    description: `Processing, then approved after the settle delay (default ${formatDuration(DEFAULT_SANDBOX_TIMINGS.settleAfterMs)}).`,
  },
];

/** The row of the table a token falls under, or `undefined` for an ordinary (approved) token. */
export function findTestWalletToken(token: string): TestWalletToken | undefined {
  const text = token.toLowerCase();
  return TEST_WALLET_TOKENS.find((row) => text.includes(row.marker));
}

/**
 * The Payment Request method data the sandbox gives each wallet (`walletRequestData`): Google
 * Pay's documented test gateway (`example`) in its `TEST` environment, and an Apple Pay merchant
 * identifier of the sandbox. Nothing here reaches a real acquirer.
 */
export function sandboxWalletRequestData(
  wallet: WalletKind,
  context: { readonly merchantName: string; readonly currency: string },
): Readonly<Record<string, unknown>> {
  const networks = ['VISA', 'MASTERCARD'];
  if (wallet === 'google_pay') {
    return {
      environment: 'TEST',
      apiVersion: 2,
      apiVersionMinor: 0,
      merchantInfo: { merchantName: context.merchantName },
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: networks,
          },
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: { gateway: 'example', gatewayMerchantId: 'cashdeskSandbox' },
          },
        },
      ],
    };
  }
  return {
    version: 3,
    merchantIdentifier: 'merchant.test.cashdesk.sandbox',
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: networks.map((network) => network.toLowerCase()),
    countryCode: 'MT',
  };
}

function outcomeText(row: TestWalletToken): string {
  switch (row.behaviour) {
    case 'approved':
      return 'approved';
    case 'declined':
      return `declined (\`${row.declineReason ?? 'declined'}\`)`;
    case 'processing':
      return 'processing → approved';
  }
}

/**
 * The test wallet token table as Markdown, exactly as `providers/sandbox/README.md` carries it
 * between its `test-wallet-tokens` markers (a test keeps the two equal).
 */
export function renderTestWalletTokenTable(
  rows: readonly TestWalletToken[] = TEST_WALLET_TOKENS,
): string {
  return [
    '| Token contains (any case) | Outcome | What happens |',
    '|---|---|---|',
    ...rows.map((row) => `| \`${row.marker}\` | ${outcomeText(row)} | ${row.description} |`),
    '| anything else | approved | Approved at once. |',
  ].join('\n');
}
