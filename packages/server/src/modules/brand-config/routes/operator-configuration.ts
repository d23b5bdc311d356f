/**
 * The operator API's configuration of the calling key's brand (tag
 * operator-configuration; scopes config:read and config:write): settings, currencies, pay groups,
 * tax tiers, the lost-profit bonus, player bonuses, content pages and notifications. Every write
 * runs in one database transaction that first bumps the brand's configuration version (honouring
 * If-Match), then applies the change through the configuration layer (modules/brand-config/,
 * which the demo seed uses too) and audits it with before and after; a refusal writes nothing.
 * The answer's ETag is the new version. Players see a change at their next call (nothing caches
 * the configuration).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { FastifyReply } from 'fastify';
import type { Transaction } from '../../../db/open';
import type { App, AppDeps } from '../../../http/app-types';
import { ifMatchVersion } from '../../../http/operator-auth';
import { registerEndpoint } from '../../../http/register-endpoint';
import type { BrandPrincipal, EndpointContext } from '../../../http/register-endpoint';
import { requireBrand } from '../brand';
import { putPlayerBonuses } from '../bonuses';
import { deleteContentPage, listContentPages, putContentPage } from '../content-pages';
import { defineCurrency, listCurrencies, offeredCurrencies } from '../currencies';
import { getLostProfitBonus, putLostProfitBonus } from '../lost-profit';
import { createNotification, deleteNotification, listNotifications } from '../notifications';
import { deletePayGroup, getPayGroup, listPayGroups, putPayGroup } from '../pay-groups';
import type { ConfigChange } from '../pay-groups';
import { toBrandSettings, updateBrandSettings } from '../settings';
import { getTaxTiers, putTaxTiers } from '../tax-tiers';
import { bumpConfigVersion } from '../version';
import { dryRun, getRoutingRules, healthOf, putRoutingRules } from '../../routing';

/** What a configuration write needs of its request. */
interface WriteContext {
  readonly deps: AppDeps;
  readonly operator: BrandPrincipal;
  readonly headers: { readonly 'if-match'?: string | undefined };
  readonly reply: FastifyReply;
  readonly audit: EndpointContext<typeof OPERATOR_ENDPOINTS.operatorSettingsUpdate>['audit'];
}

/**
 * Runs one configuration write: bumps the version (If-Match honoured), applies `work`, audits its
 * change, all in one transaction; the answer's ETag is the new version.
 */
async function configWrite<C extends ConfigChange<unknown>>(
  context: WriteContext,
  work: (tx: Transaction, brandId: string) => Promise<C>,
): Promise<C> {
  const brandId = context.operator.brandId;
  const { change, version } = await context.deps.db.transaction(async (tx) => {
    const bumped = await bumpConfigVersion(
      tx,
      brandId,
      ifMatchVersion(context.headers['if-match']),
    );
    const made = await work(tx, brandId);
    await context.audit(tx, { target: made.target, before: made.before, after: made.after });
    return { change: made, version: bumped };
  });
  void context.reply.header('etag', `"${String(version)}"`);
  return change;
}

/** Registers the configuration routes. */
export function registerOperatorConfigurationRoutes(app: App): void {
  const E = OPERATOR_ENDPOINTS;

  registerEndpoint(app, E.operatorSettingsGet, async ({ deps, operator, reply }) => {
    const settings = toBrandSettings(await requireBrand(deps.db, operator.brandId));
    void reply.header('etag', `"${String(settings.config_version)}"`);
    return { status: 200, body: settings };
  });
  registerEndpoint(app, E.operatorSettingsUpdate, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      updateBrandSettings(tx, brandId, context.body),
    );
    return { status: 200, body: change.after };
  });

  registerEndpoint(app, E.operatorCurrencyList, async ({ deps, operator }) => ({
    status: 200,
    body: {
      currencies: await listCurrencies(deps.db),
      offered: await offeredCurrencies(deps.db, operator.brandId),
    },
  }));
  registerEndpoint(app, E.operatorCurrencyPut, async (context) => {
    const change = await configWrite(context, (tx) =>
      defineCurrency(tx, context.params.alpha3, context.body),
    );
    return { status: 200, body: change.after };
  });

  registerEndpoint(app, E.operatorPayGroupList, async ({ deps, operator, query }) => ({
    status: 200,
    body: { pay_groups: await listPayGroups(deps.db, operator.brandId, query.flow) },
  }));
  registerEndpoint(app, E.operatorPayGroupGet, async ({ deps, operator, params }) => ({
    status: 200,
    body: await getPayGroup(deps.db, operator.brandId, params.flow, params.shortName),
  }));
  registerEndpoint(app, E.operatorPayGroupPut, async (context) => {
    const { params, body, deps } = context;
    const change = await configWrite(context, (tx, brandId) =>
      putPayGroup(tx, brandId, params.flow, params.shortName, body, deps.connectors),
    );
    return { status: 200, body: change.after };
  });
  registerEndpoint(app, E.operatorPayGroupDelete, async (context) => {
    const { params } = context;
    const change = await configWrite(context, (tx, brandId) =>
      deletePayGroup(tx, brandId, params.flow, params.shortName),
    );
    const { id, flow, short_name } = change.deleted;
    return { status: 200, body: { id, flow, short_name } };
  });

  registerEndpoint(app, E.operatorTaxTiersGet, async ({ deps, operator }) => ({
    status: 200,
    body: await getTaxTiers(deps.db, operator.brandId),
  }));
  registerEndpoint(app, E.operatorTaxTiersPut, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      putTaxTiers(tx, brandId, context.params.flow, context.body),
    );
    return { status: 200, body: change.after };
  });

  registerEndpoint(app, E.operatorRoutingRulesGet, async ({ deps, operator, reply }) => {
    const brand = await requireBrand(deps.db, operator.brandId);
    void reply.header('etag', `"${String(brand.configVersion)}"`);
    return { status: 200, body: await getRoutingRules(deps.db, operator.brandId) };
  });
  registerEndpoint(app, E.operatorRoutingRulesPut, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      putRoutingRules(tx, brandId, context.body, (name) => context.deps.connectors.has(name)),
    );
    return { status: 200, body: change.after };
  });
  registerEndpoint(app, E.operatorConnectorList, async ({ deps }) => {
    const names = deps.connectors.names();
    const health = await healthOf(deps.db, names, deps.clock());
    return {
      status: 200,
      body: {
        connectors: names.map((name) => {
          const provider = deps.connectors.provider(name);
          const state = health.get(name);
          return {
            name,
            default: name === deps.connectors.defaultName,
            soft_decline_codes: [...(provider.softDeclineCodes ?? [])],
            refunds: provider.refunds !== undefined,
            webhooks: provider.webhook !== undefined,
            health: {
              state: state?.state ?? 'healthy',
              calls: state?.calls ?? 0,
              failures: state?.failures ?? 0,
              window_start: state?.windowStart?.toISOString() ?? null,
              opened_at: state?.openedAt?.toISOString() ?? null,
            },
          };
        }),
      },
    };
  });
  registerEndpoint(app, E.operatorRoutingDryRun, async ({ deps, operator, body }) => ({
    status: 200,
    body: await dryRun(deps.db, operator.brandId, body, deps.connectors),
  }));

  registerEndpoint(app, E.operatorLostProfitGet, async ({ deps, operator }) => ({
    status: 200,
    body: { lost_profit_bonus: await getLostProfitBonus(deps.db, operator.brandId) },
  }));
  registerEndpoint(app, E.operatorLostProfitPut, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      putLostProfitBonus(tx, brandId, context.body),
    );
    return { status: 200, body: { lost_profit_bonus: change.after } };
  });
  registerEndpoint(app, E.operatorLostProfitDelete, async (context) => {
    await configWrite(context, (tx, brandId) => putLostProfitBonus(tx, brandId, null));
    return { status: 200, body: { lost_profit_bonus: null } };
  });

  registerEndpoint(app, E.operatorBonusesPut, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      putPlayerBonuses(tx, brandId, context.params.externalId, context.body),
    );
    return { status: 200, body: change.after };
  });

  registerEndpoint(app, E.operatorContentPageList, async ({ deps, operator }) => ({
    status: 200,
    body: { pages: await listContentPages(deps.db, operator.brandId) },
  }));
  registerEndpoint(app, E.operatorContentPagePut, async (context) => {
    const { params, body } = context;
    const change = await configWrite(context, (tx, brandId) =>
      putContentPage(tx, brandId, params.slug, params.language, body),
    );
    return { status: 200, body: change.after };
  });
  registerEndpoint(app, E.operatorContentPageDelete, async (context) => {
    const { params } = context;
    const change = await configWrite(context, (tx, brandId) =>
      deleteContentPage(tx, brandId, params.slug, params.language),
    );
    return { status: 200, body: change.before };
  });

  registerEndpoint(app, E.operatorNotificationList, async ({ deps, operator }) => ({
    status: 200,
    body: { notifications: await listNotifications(deps.db, operator.brandId) },
  }));
  registerEndpoint(app, E.operatorNotificationCreate, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      createNotification(tx, brandId, context.body),
    );
    return { status: 201, body: change.after };
  });
  registerEndpoint(app, E.operatorNotificationDelete, async (context) => {
    const change = await configWrite(context, (tx, brandId) =>
      deleteNotification(tx, brandId, context.params.key),
    );
    return { status: 200, body: change.before };
  });
}
