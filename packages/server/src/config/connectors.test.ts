import { describe, expect, it } from 'vitest';
import { ConfigError } from './env';
import { loadConfig } from './load';

describe('connectors: CASHDESK_PROVIDER, CONNECTORS and DEFAULT_CONNECTOR', () => {
  const production = {
    CASHDESK_MODE: 'production',
    CASHDESK_SECRET: 'a-long-enough-secret',
    DATABASE_URL: 'postgres://cashdesk@db.internal/cashdesk',
  };

  it('production without a provider refuses to start and names the setting', () => {
    expect(() => loadConfig(production)).toThrow(/CASHDESK_PROVIDER: required in production mode/);
    expect(() => loadConfig({ ...production, CASHDESK_PROVIDER: 'http' })).toThrow(
      /PROVIDER_URL: required with CASHDESK_PROVIDER=http/,
    );
  });

  it('production pays with the sandbox only when explicitly allowed, and never seeds', () => {
    expect(() => loadConfig({ ...production, CASHDESK_PROVIDER: 'sandbox' })).toThrow(
      /CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true/,
    );
    const allowed = loadConfig({
      ...production,
      CASHDESK_PROVIDER: 'sandbox',
      CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    expect(allowed.provider).toEqual({ kind: 'sandbox' });
    expect(allowed.seedDemoData).toBe(false);
    expect(loadConfig({}).provider).toEqual({ kind: 'sandbox' });
    expect(loadConfig({}).seedDemoData).toBe(true);
  });

  it('reads named connectors (CONNECTORS, CONNECTOR_<NAME>_*) beside the one of CASHDESK_PROVIDER', () => {
    const config = loadConfig({
      CONNECTORS: 'psp-eu, backup',
      DEFAULT_CONNECTOR: 'psp-eu',
      CONNECTOR_PSP_EU_KIND: 'async-psp',
      CONNECTOR_PSP_EU_URL: 'https://psp.example.com/',
      CONNECTOR_PSP_EU_API_KEY: 'key',
      CONNECTOR_PSP_EU_WEBHOOK_SECRET: 'a-webhook-secret-1, a-webhook-secret-2',
      CONNECTOR_BACKUP_KIND: 'http',
      CONNECTOR_BACKUP_URL: 'http://127.0.0.1:8091',
    });
    expect(config.connectors).toEqual({
      list: [
        { name: 'sandbox', kind: 'sandbox' },
        {
          name: 'psp-eu',
          kind: 'async-psp',
          url: 'https://psp.example.com',
          apiKey: 'key',
          webhookSecrets: ['a-webhook-secret-1', 'a-webhook-secret-2'],
        },
        {
          name: 'backup',
          kind: 'http',
          url: 'http://127.0.0.1:8091',
          apiKey: undefined,
          webhookSecrets: [],
        },
      ],
      defaultName: 'psp-eu',
    });
  });

  it('refuses bad connectors, naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return '';
    };
    expect(problems({ CONNECTORS: 'Bad_Name' })).toContain('CONNECTORS: "Bad_Name" is not');
    expect(problems({ CONNECTORS: 'sandbox' })).toContain('"sandbox" is named twice');
    expect(problems({ CONNECTORS: 'psp' })).toContain('CONNECTOR_PSP_KIND: required');
    expect(problems({ CONNECTORS: 'psp', CONNECTOR_PSP_KIND: 'async-psp' })).toContain(
      'CONNECTOR_PSP_URL: required',
    );
    expect(
      problems({
        CONNECTORS: 'psp',
        CONNECTOR_PSP_KIND: 'async-psp',
        CONNECTOR_PSP_URL: 'http://127.0.0.1:1',
        CONNECTOR_PSP_WEBHOOK_SECRET: 'short',
      }),
    ).toContain('CONNECTOR_PSP_WEBHOOK_SECRET: required');
    expect(problems({ DEFAULT_CONNECTOR: 'psp' })).toContain('DEFAULT_CONNECTOR: "psp" is no');
  });

  it('reads a module connector: its module and its CONNECTOR_<NAME>_SETTING_<KEY> settings', () => {
    const env = {
      CONNECTORS: 'card-psp',
      CONNECTOR_CARD_PSP_KIND: 'module',
      CONNECTOR_CARD_PSP_MODULE: '@example/cashdesk-connector',
      CONNECTOR_CARD_PSP_SETTING_URL: 'https://psp.example.com',
      CONNECTOR_CARD_PSP_SETTING_WEBHOOK_SECRET: 'a-webhook-secret-1',
      CONNECTOR_OTHER_SETTING_URL: 'https://other.example.com',
    };
    const config = loadConfig(env);
    expect(config.connectors.list).toContainEqual({
      name: 'card-psp',
      kind: 'module',
      module: '@example/cashdesk-connector',
      settings: { url: 'https://psp.example.com', webhook_secret: 'a-webhook-secret-1' },
    });
    // The settings are variables the configuration reads; another connector's are not.
    expect(config.unknownVariables).toEqual(['CONNECTOR_OTHER_SETTING_URL']);
    const refused = () => loadConfig({ CONNECTORS: 'card-psp', CONNECTOR_CARD_PSP_KIND: 'module' });
    expect(refused).toThrow('CONNECTOR_CARD_PSP_MODULE: required for a module connector');
  });

  it("reads the http connector's push notification secret (CONNECTOR_<NAME>_WEBHOOK_SECRET)", () => {
    const env = {
      CONNECTORS: 'psp',
      CONNECTOR_PSP_KIND: 'http',
      CONNECTOR_PSP_URL: 'http://127.0.0.1:8091',
      CONNECTOR_PSP_WEBHOOK_SECRET: 'a-webhook-secret-1',
    };
    expect(loadConfig(env).connectors.list).toContainEqual({
      name: 'psp',
      kind: 'http',
      url: 'http://127.0.0.1:8091',
      apiKey: undefined,
      webhookSecrets: ['a-webhook-secret-1'],
    });
    expect(() => loadConfig({ ...env, CONNECTOR_PSP_WEBHOOK_SECRET: 'short' })).toThrow(
      'CONNECTOR_PSP_WEBHOOK_SECRET: at least 16 characters',
    );
  });

  it('production: a named default connector needs no CASHDESK_PROVIDER; a named sandbox is refused', () => {
    const production = {
      CASHDESK_MODE: 'production',
      CASHDESK_SECRET: 'a-long-enough-secret',
      DATABASE_URL: 'postgres://cashdesk@db.internal/cashdesk',
      CONNECTORS: 'psp',
      DEFAULT_CONNECTOR: 'psp',
      CONNECTOR_PSP_KIND: 'async-psp',
      CONNECTOR_PSP_URL: 'https://psp.example.com',
      CONNECTOR_PSP_WEBHOOK_SECRET: 'a-webhook-secret-1',
    };
    expect(loadConfig(production).connectors.list.map((connector) => connector.name)).toEqual([
      'psp',
    ]);
    expect(() =>
      loadConfig({ ...production, CONNECTORS: 'psp,play', CONNECTOR_PLAY_KIND: 'sandbox' }),
    ).toThrow('a sandbox connector (play) is refused in production mode');
    expect(
      loadConfig({
        ...production,
        CONNECTORS: 'psp,play',
        CONNECTOR_PLAY_KIND: 'sandbox',
        CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      }).connectors.defaultName,
    ).toBe('psp');
  });
});
