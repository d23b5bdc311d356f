/**
 * The payment connectors: the one CASHDESK_PROVIDER describes (PROVIDER_URL, PROVIDER_API_KEY),
 * named after its kind, the named ones of CONNECTORS with their `CONNECTOR_<NAME>_*` settings,
 * and DEFAULT_CONNECTOR, the one pay groups that name none pay through. Production never
 * defaults to the sandbox and pays with one only when CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { flagText, optionalText, urlText } from './env';
import type { Environment, ValuesOf } from './env';

/**
 * Which payment provider the server pays with: the in-process sandbox (demos and tests) or a PSP
 * speaking the provider protocol over HTTP at PROVIDER_URL (providers/http).
 */
export const PROVIDER_KINDS = ['sandbox', 'http'] as const;

/**
 * What a named connector (CONNECTORS) can be: the in-process sandbox, a PSP speaking the provider
 * protocol over HTTP (providers/http), the asynchronous reference PSP that settles by signed
 * webhooks (providers/async-psp), or a connector module the operator installed, built on
 * `@cashdesk/connector-kit` (providers/module-connector.ts).
 */
export const CONNECTOR_KINDS = ['sandbox', 'http', 'async-psp', 'module'] as const;

/** The settings a connector module receives: `CONNECTOR_<NAME>_SETTING_<KEY>`. */
const SETTING_INFIX = 'SETTING_';

/** A setting key: upper-case letters, digits and underscores. */
const SETTING_KEY_PATTERN = /^[A-Z0-9][A-Z0-9_]{0,63}$/;

/** A connector name: lower-case letters, digits and dashes, starting with a letter. */
const CONNECTOR_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** How the server reaches its payment provider. */
export type ProviderConfig =
  | { readonly kind: 'sandbox' }
  | {
      readonly kind: 'http';
      /** The PSP's base address, e.g. https://psp.example.com. */
      readonly url: string;
      /** Sent as a bearer token when set. */
      readonly apiKey: string | undefined;
    };

/**
 * A named connector's settings (`CONNECTOR_<NAME>_*`, the name upper-cased with dashes as
 * underscores). Secrets are never logged.
 */
export type ConnectorConfig =
  | { readonly name: string; readonly kind: 'sandbox' }
  | {
      readonly name: string;
      readonly kind: 'http';
      readonly url: string;
      readonly apiKey: string | undefined;
      /**
       * Verifies the PSP's push notifications (providers/http/protocol.ts); none: the connector
       * takes no webhooks and learns results by polling.
       */
      readonly webhookSecrets: readonly string[];
    }
  | {
      readonly name: string;
      readonly kind: 'module';
      /** `CONNECTOR_<NAME>_MODULE`: a package name or an absolute path. */
      readonly module: string;
      /** `CONNECTOR_<NAME>_SETTING_<KEY>`, the keys lower-cased (`API_KEY` → `api_key`). */
      readonly settings: Readonly<Record<string, string>>;
    }
  | {
      readonly name: string;
      readonly kind: 'async-psp';
      readonly url: string;
      readonly apiKey: string | undefined;
      /** Verifies the PSP's webhooks (HMAC, http/signing.ts); old and new during a rotation. */
      readonly webhookSecrets: readonly string[];
    };

/** The connectors of a process and which one pays for pay groups that name none. */
export interface ConnectorsConfig {
  readonly list: readonly ConnectorConfig[];
  /** DEFAULT_CONNECTOR, else the connector CASHDESK_PROVIDER describes. */
  readonly defaultName: string;
}

/**
 * The variables of the connectors. A named connector's own `CONNECTOR_<NAME>_*` variables are
 * read by {@link namedConnectors}, since their names depend on CONNECTORS.
 */
export const CONNECTOR_VARIABLES = {
  CASHDESK_PROVIDER: optionalText.pipe(z.enum(PROVIDER_KINDS).optional()),
  CONNECTORS: optionalText,
  DEFAULT_CONNECTOR: optionalText,
  CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: flagText,
  PROVIDER_URL: urlText.optional(),
  PROVIDER_API_KEY: optionalText,
};

/** The connectors' part of the configuration. */
export interface ConnectorSettings {
  /** The payment provider (CASHDESK_PROVIDER); production never defaults to the sandbox. */
  readonly provider: ProviderConfig;
  /**
   * Every connector of the process (CONNECTORS, DEFAULT_CONNECTOR): the one CASHDESK_PROVIDER
   * describes, named after its kind, and the named ones; pay groups choose among them.
   */
  readonly connectors: ConnectorsConfig;
}

/** The environment prefix of a connector's settings: `psp-eu` → `CONNECTOR_PSP_EU_`. */
export function connectorEnvPrefix(name: string): string {
  return `CONNECTOR_${name.toUpperCase().replace(/-/g, '_')}_`;
}

/**
 * The variables a named connector reads: `CONNECTOR_<NAME>_KIND`, `_URL`, `_API_KEY`,
 * `_WEBHOOK_SECRET`, `_MODULE`, and for a module connector each `_SETTING_<KEY>` of `env`.
 */
export function connectorVariables(connector: ConnectorConfig, env: Environment): string[] {
  const prefix = connectorEnvPrefix(connector.name);
  const own = ['KIND', 'URL', 'API_KEY', 'WEBHOOK_SECRET', 'MODULE'].map(
    (key) => `${prefix}${key}`,
  );
  if (connector.kind !== 'module') return own;
  return [...own, ...Object.keys(env).filter((key) => key.startsWith(`${prefix}${SETTING_INFIX}`))];
}

/**
 * A module connector's settings: every `{prefix}SETTING_<KEY>` of `env`, the key lower-cased;
 * `problems` gets a line for a key that is not upper-case letters, digits and underscores.
 */
function moduleSettings(
  env: Environment,
  prefix: string,
  problems: string[],
): Record<string, string> {
  const settings: Record<string, string> = {};
  const settingPrefix = `${prefix}${SETTING_INFIX}`;
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith(settingPrefix) || value === undefined) continue;
    const key = variable.slice(settingPrefix.length);
    if (!SETTING_KEY_PATTERN.test(key)) {
      problems.push(`${variable}: a setting key is upper-case letters, digits and underscores`);
      continue;
    }
    settings[key.toLowerCase()] = value;
  }
  return settings;
}

/** The secrets of `_WEBHOOK_SECRET`, or `undefined` (and a problem) when one is too short. */
function webhookSecrets(value: string | undefined): string[] | undefined {
  const secrets = (value ?? '').split(',').map((secret) => secret.trim());
  return secrets.some((secret) => secret.length < 16) ? undefined : secrets;
}

/**
 * The named connectors of CONNECTORS (names separated by commas) with their
 * `CONNECTOR_<NAME>_KIND`, `_URL`, `_API_KEY` and `_WEBHOOK_SECRET` settings; `problems` gets a
 * line naming the variable for each bad one.
 */
function namedConnectors(
  env: Environment,
  list: string | undefined,
  reserved: string | undefined,
  problems: string[],
): ConnectorConfig[] {
  if (list === undefined) return [];
  const names = list.split(',').map((name) => name.trim());
  const found: ConnectorConfig[] = [];
  for (const name of names) {
    if (!CONNECTOR_NAME_PATTERN.test(name)) {
      problems.push(
        `CONNECTORS: "${name}" is not a connector name (lower-case letters, digits and dashes, starting with a letter, at most 32)`,
      );
      continue;
    }
    if (name === reserved || found.some((connector) => connector.name === name)) {
      problems.push(
        `CONNECTORS: "${name}" is named twice (the connector of CASHDESK_PROVIDER is called "${String(reserved)}")`,
      );
      continue;
    }
    const prefix = connectorEnvPrefix(name);
    const read = (key: string): string | undefined => {
      const value = env[`${prefix}${key}`]?.trim();
      return value === undefined || value === '' ? undefined : value;
    };
    const kind = CONNECTOR_KINDS.find((candidate) => candidate === read('KIND'));
    if (kind === undefined) {
      problems.push(
        `${prefix}KIND: required for connector "${name}": ${CONNECTOR_KINDS.join(', ')}`,
      );
      continue;
    }
    if (kind === 'sandbox') {
      found.push({ name, kind });
      continue;
    }
    if (kind === 'module') {
      const module = read('MODULE');
      if (module === undefined) {
        problems.push(
          `${prefix}MODULE: required for a module connector: the connector's package name or the absolute path of its module`,
        );
        continue;
      }
      found.push({ name, kind, module, settings: moduleSettings(env, prefix, problems) });
      continue;
    }
    const url = urlText.safeParse(read('URL') ?? '');
    if (!url.success) {
      problems.push(`${prefix}URL: required for a ${kind} connector: the PSP's http(s) address`);
      continue;
    }
    const apiKey = read('API_KEY');
    if (kind === 'http') {
      const secret = read('WEBHOOK_SECRET');
      const secrets = secret === undefined ? [] : webhookSecrets(secret);
      if (secrets === undefined) {
        problems.push(
          `${prefix}WEBHOOK_SECRET: at least 16 characters (two separated by a comma during a rotation), or unset for an http connector that takes no push notifications`,
        );
        continue;
      }
      found.push({ name, kind, url: url.data, apiKey, webhookSecrets: secrets });
      continue;
    }
    const secrets = webhookSecrets(read('WEBHOOK_SECRET'));
    if (secrets === undefined) {
      problems.push(
        `${prefix}WEBHOOK_SECRET: required for an async-psp connector: at least 16 characters (two separated by a comma during a rotation)`,
      );
      continue;
    }
    found.push({ name, kind, url: url.data, apiKey, webhookSecrets: secrets });
  }
  return found;
}

/**
 * The connectors: CASHDESK_PROVIDER (sandbox outside production; production has no default and
 * needs one or a DEFAULT_CONNECTOR among CONNECTORS), the named connectors of CONNECTORS read
 * from `env` ({@link connectorEnvPrefix}), and DEFAULT_CONNECTOR (default: the connector of
 * CASHDESK_PROVIDER). A sandbox in production, named or not, is a problem unless
 * CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true; so is a DEFAULT_CONNECTOR no connector has.
 */
export function readConnectors(
  env: Environment,
  values: ValuesOf<typeof CONNECTOR_VARIABLES>,
  production: boolean,
  problems: string[],
): ConnectorSettings {
  const named = namedConnectors(
    env,
    values.CONNECTORS,
    values.CASHDESK_PROVIDER ?? (production ? undefined : 'sandbox'),
    problems,
  );
  const namedDefault =
    values.DEFAULT_CONNECTOR !== undefined &&
    named.some((connector) => connector.name === values.DEFAULT_CONNECTOR);
  const sandboxAllowed = !production || values.CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION === 'true';
  // With a named default connector, production needs no CASHDESK_PROVIDER.
  const providerKind =
    values.CASHDESK_PROVIDER ?? (production ? (namedDefault ? null : undefined) : 'sandbox');
  if (providerKind === undefined) {
    problems.push(
      'CASHDESK_PROVIDER: required in production mode: "http" with PROVIDER_URL for your payment provider (the sandbox pays nobody and is refused unless CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true)',
    );
  } else if (providerKind === 'sandbox' && !sandboxAllowed) {
    problems.push(
      'CASHDESK_PROVIDER: "sandbox" is refused in production mode unless CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true',
    );
  }
  if (providerKind === 'http' && values.PROVIDER_URL === undefined) {
    problems.push("PROVIDER_URL: required with CASHDESK_PROVIDER=http (the PSP's base address)");
  }
  const namedSandboxes = named.filter((connector) => connector.kind === 'sandbox');
  if (!sandboxAllowed && namedSandboxes.length > 0) {
    problems.push(
      `CONNECTORS: a sandbox connector (${namedSandboxes
        .map((connector) => connector.name)
        .join(
          ', ',
        )}) is refused in production mode unless CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true`,
    );
  }
  const names = [
    ...(providerKind === null ? [] : [providerKind]),
    ...named.map((connector) => connector.name),
  ];
  if (values.DEFAULT_CONNECTOR !== undefined && !names.includes(values.DEFAULT_CONNECTOR)) {
    problems.push(
      `DEFAULT_CONNECTOR: "${values.DEFAULT_CONNECTOR}" is no connector (configured: ${names.join(', ') || 'none'})`,
    );
  }
  const provider: ProviderConfig =
    providerKind === 'http' && values.PROVIDER_URL !== undefined
      ? { kind: 'http', url: values.PROVIDER_URL, apiKey: values.PROVIDER_API_KEY }
      : { kind: 'sandbox' };
  // `undefined` is a problem above; `null`: production with a named default connector only.
  const legacyName = providerKind ?? null;
  return {
    provider,
    connectors: {
      list: [
        ...(legacyName === null
          ? []
          : [
              provider.kind === 'http'
                ? { name: legacyName, ...provider, webhookSecrets: [] }
                : { name: legacyName, ...provider },
            ]),
        ...named,
      ],
      defaultName: values.DEFAULT_CONNECTOR ?? legacyName ?? 'sandbox',
    },
  };
}
