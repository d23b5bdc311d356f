/**
 * The one line a command prints when it cannot start, shared by the server (main.ts), `migrate`
 * and the operator's commands (cli/): a bad setting, a schema behind the code, a pay group naming
 * a connector that is not configured, a connector module that cannot run, or a database that refuses or cannot be reached, each as
 * its message; anything else with its stack, for the bug report.
 *
 * @packageDocumentation
 */
import { ConfigError } from './config';
import { databaseConnectionFailure } from './db/connection-errors';
import { SchemaBehindError } from './db/migrations';
import { PayGroupConnectorError } from './modules/cashier';
import { ConnectorModuleError } from './providers/module-connector';

/** What to print for `error`, which stopped `command` (e.g. "Cashdesk server failed to start"). */
export function startupFailureMessage(command: string, error: unknown): string {
  if (
    error instanceof ConfigError ||
    error instanceof SchemaBehindError ||
    error instanceof PayGroupConnectorError ||
    error instanceof ConnectorModuleError
  ) {
    return `${error.message}\n`;
  }
  const database = databaseConnectionFailure(error);
  if (database !== undefined) return `${command}: ${database}\n`;
  return `${command}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
}
