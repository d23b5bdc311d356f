/**
 * Connectors: the payment providers of one server process, each under a name (CONNECTORS,
 * config/connectors.ts). A pay group names the connector it pays through (`pay_groups.connector`, `null`
 * for the default one); a transaction stores the connector it was sent to when it was created,
 * and every follow-up of it (status, 3-D Secure, receipt, cancel, lookup, the reconciler) goes
 * to that connector, whatever the pay group says later.
 *
 * @packageDocumentation
 */
import type { PaymentProvider } from './payment-provider';

/** A name (CONNECTORS) and the provider behind it. */
export interface Connector {
  readonly name: string;
  readonly provider: PaymentProvider;
}

/** A connector name that is not configured (a pay group or a transaction names it). */
export class UnknownConnectorError extends Error {
  override readonly name = 'UnknownConnectorError';
  constructor(readonly connector: string) {
    super(`no connector is configured under the name "${connector}"`);
  }
}

/** The connectors of a process, looked up by name; `null` names the default one. */
export class ConnectorRegistry {
  readonly #byName: ReadonlyMap<string, PaymentProvider>;
  /** The connector of pay groups and transactions that name none. */
  readonly defaultName: string;

  /**
   * @throws {Error} when two connectors share a name or the default is not among them (a
   *   configuration the server must not start with).
   */
  constructor(connectors: readonly Connector[], defaultName: string) {
    const byName = new Map<string, PaymentProvider>();
    for (const connector of connectors) {
      if (byName.has(connector.name)) throw new Error(`connector "${connector.name}" twice`);
      byName.set(connector.name, connector.provider);
    }
    if (!byName.has(defaultName)) {
      throw new Error(`the default connector "${defaultName}" is not configured`);
    }
    this.#byName = byName;
    this.defaultName = defaultName;
  }

  /** A registry of one provider, the default connector, under `name`. */
  static single(provider: PaymentProvider, name: string): ConnectorRegistry {
    return new ConnectorRegistry([{ name, provider }], name);
  }

  /** Every connector name, the default first. */
  names(): string[] {
    return [this.defaultName, ...[...this.#byName.keys()].filter((n) => n !== this.defaultName)];
  }

  /** Whether `name` is configured. */
  has(name: string): boolean {
    return this.#byName.has(name);
  }

  /** The connector a stored name means: `null` is the default one. */
  resolve(name: string | null): string {
    return name ?? this.defaultName;
  }

  /**
   * The provider of a connector (`null`: the default one).
   *
   * @throws {UnknownConnectorError} for a name that is not configured.
   */
  provider(name: string | null): PaymentProvider {
    const provider = this.#byName.get(this.resolve(name));
    if (provider === undefined) throw new UnknownConnectorError(this.resolve(name));
    return provider;
  }

  /** The default connector's provider. */
  get defaultProvider(): PaymentProvider {
    return this.provider(null);
  }

  /** This registry with `provider` as its default connector (the other connectors kept). */
  withDefault(provider: PaymentProvider): ConnectorRegistry {
    return new ConnectorRegistry(
      this.names().map((name) => ({
        name,
        provider: name === this.defaultName ? provider : this.provider(name),
      })),
      this.defaultName,
    );
  }
}
