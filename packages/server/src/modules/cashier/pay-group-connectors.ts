/**
 * Which connector a pay group pays through (`pay_groups.connector`, `null` for the default one),
 * checked against the connectors of the process: at start every pay group must name a configured
 * connector ({@link assertPayGroupConnectors}: the server refuses to start and names the pay
 * groups), and a payment resolves its pay group's connector once, when it is created
 * ({@link payGroupConnector}), so a pay group changed while the server runs is refused with a
 * clear 409 instead of failing inside the payment.
 *
 * @packageDocumentation
 */
import { isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { payGroups } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { ConnectorRegistry } from '../../providers/connectors';

/** Pay groups naming a connector the process does not have (the server must not start). */
export class PayGroupConnectorError extends Error {
  override readonly name = 'PayGroupConnectorError';
}

/**
 * @throws {PayGroupConnectorError} naming every pay group (brand, flow, short name, id) whose
 *   connector is not configured, and the connectors that are.
 */
export async function assertPayGroupConnectors(
  db: Executor,
  connectors: Pick<ConnectorRegistry, 'has' | 'names'>,
): Promise<void> {
  let named;
  try {
    named = await db
      .select({
        id: payGroups.id,
        brandId: payGroups.brandId,
        flow: payGroups.flow,
        shortName: payGroups.shortName,
        connector: payGroups.connector,
      })
      .from(payGroups)
      .where(isNotNull(payGroups.connector));
  } catch (error) {
    // A schema behind the code (MIGRATE_ON_START=false before `npm run migrate`): /readyz says
    // so and nothing is served; the check runs at the next start, once migrated.
    if (schemaBehind(error)) return;
    throw error;
  }
  const unknown = named.filter(
    (group) => group.connector !== null && !connectors.has(group.connector),
  );
  if (unknown.length === 0) return;
  const lines = unknown.map(
    (group) =>
      `  pay group ${group.shortName} (id ${String(group.id)}, brand ${group.brandId}, ${group.flow}) names connector "${String(group.connector)}"`,
  );
  throw new PayGroupConnectorError(
    `pay groups name connectors that are not configured (CONNECTORS; configured: ${connectors.names().join(', ')}):\n${lines.join('\n')}`,
  );
}

/** Whether a query failed on a table or column the database does not have yet (42P01, 42703). */
function schemaBehind(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const code: unknown = Reflect.get(error, 'code');
  if (code === '42P01' || code === '42703') return true;
  return schemaBehind(Reflect.get(error, 'cause'), depth + 1);
}

/**
 * The connector a new payment of a pay group is sent to: its own, or the default one.
 *
 * @throws {ApiError} methodUnavailable (409) when the pay group names a connector the process
 *   does not have (changed after the start-up check).
 */
export function payGroupConnector(
  connectors: Pick<ConnectorRegistry, 'has' | 'resolve'>,
  connector: string | null,
): string {
  const name = connectors.resolve(connector);
  if (!connectors.has(name)) {
    throw new ApiError('methodUnavailable', {
      detail: `the pay group's connector "${name}" is not configured`,
    });
  }
  return name;
}
