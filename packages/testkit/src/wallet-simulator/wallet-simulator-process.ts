/**
 * Test support: the operator wallet simulator (`wallet-simulator/main.ts`) as a child process,
 * with its control routes as methods, and the server environment that points at it.
 *
 * @packageDocumentation
 */
import { WALLET_CONTROL_PATHS, WalletActivity } from './wallet-simulator';
import type { AccountInputData, WalletFaultInput } from './wallet-simulator';
import { startServiceProcess } from '../service-process';

const MAIN = new URL('./main.ts', import.meta.url).href;

/** The secret tests sign wallet calls with. */
export const TEST_WALLET_SECRET = 'wallet-simulator-test-secret';

/** A running wallet simulator. */
export interface WalletSimulatorProcess {
  readonly url: string;
  /** The server environment (loadConfig) of a cashier that keeps its balances here. */
  readonly serverEnv: Readonly<Record<string, string>>;
  /** Opens or sets an account. */
  account(input: AccountInputData): Promise<void>;
  /** Queues a fault for the next call(s) of a route. */
  fault(fault: WalletFaultInput): Promise<void>;
  /** Drops the faults still queued: the wallet answers again. */
  clearFaults(): Promise<void>;
  activity(): Promise<WalletActivity>;
  /** The balance of one account, as a decimal string. */
  balance(brand: string, playerId: string, currency: string): Promise<string | undefined>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the wallet simulator as a child process. */
export async function startWalletSimulatorProcess(
  options: {
    /** Unknown players get an account with this balance; default none (opened by the test). */
    readonly openingBalance?: string;
    /**
     * The port to listen on; default a free one. A test that starts the wallet late (a wallet
     * down, then back) points the server at a port first.
     */
    readonly port?: number;
  } = {},
): Promise<WalletSimulatorProcess> {
  const service = await startServiceProcess({
    main: MAIN,
    readyKey: 'walletSimulator',
    env: {
      WALLET_SIMULATOR_PORT: String(options.port ?? 0),
      WALLET_SIMULATOR_HOST: '127.0.0.1',
      WALLET_SIMULATOR_SECRET: TEST_WALLET_SECRET,
      WALLET_SIMULATOR_KEY_ID: 'test-key',
      WALLET_SIMULATOR_OPENING_BALANCE: options.openingBalance ?? '',
      WALLET_SIMULATOR_EXIT_ON_STDIN_END: '1',
    },
  });
  const activity = async () =>
    WalletActivity.parse(await service.control(WALLET_CONTROL_PATHS.activity));
  return {
    url: service.url,
    serverEnv: {
      WALLET: 'operator',
      OPERATOR_WALLET_URL: service.url,
      OPERATOR_WALLET_SECRET: TEST_WALLET_SECRET,
      OPERATOR_WALLET_KEY_ID: 'test-key',
      OPERATOR_WALLET_TIMEOUT_MS: '2000',
    },
    async account(input) {
      await service.control(WALLET_CONTROL_PATHS.accounts, { body: input });
    },
    async fault(fault) {
      await service.control(WALLET_CONTROL_PATHS.faults, { body: fault });
    },
    async clearFaults() {
      await service.control(WALLET_CONTROL_PATHS.clearFaults, {});
    },
    activity,
    async balance(brand, playerId, currency) {
      const { accounts } = await activity();
      return accounts.find(
        (entry) =>
          entry.brand === brand && entry.player_id === playerId && entry.currency === currency,
      )?.balance;
    },
    async reset() {
      await service.control(WALLET_CONTROL_PATHS.reset, {});
    },
    stop: () => service.stop(),
  };
}
