/**
 * The configuration calls of the back office: the operator API's configuration of the brand
 * (settings, pay groups, tax tiers, texts, themes, connector routing), each write naming the configuration version
 * the screen read (If-Match: another write meanwhile is refused with 1804, nothing written), and
 * the back office's preview of a draft (POST /previews).
 */
import { OPERATOR_BASE, STAFF_BASE } from '@cashdesk/contract/values';
import type {
  BrandSettings,
  BrandSettingsUpdate,
  ConfigPreview,
  ConfigPreviewRequest,
  ConnectorList,
  PayGroupConfig,
  PayGroupDocument,
  RoutingDryRunAnswer,
  RoutingDryRunRequest,
  RoutingRulesDocument,
  TaxTiersDocument,
  TextKeysAnswer,
  TextsAnswer,
  Theme,
  ThemeList,
} from '@cashdesk/contract';
import type * as z from 'zod/mini';
import { call } from './http';

export type Settings = z.infer<typeof BrandSettings>;
export type SettingsChange = z.infer<typeof BrandSettingsUpdate>;
export type PayGroup = z.infer<typeof PayGroupConfig>;
export type PayGroupDraft = z.infer<typeof PayGroupDocument>;
export type TaxTiersDraft = z.infer<typeof TaxTiersDocument>;
export type TaxTier = TaxTiersDraft['tiers'][number];
export type TaxTiers = Readonly<Record<'deposit' | 'withdrawal', readonly TaxTier[]>>;
export type Texts = z.infer<typeof TextsAnswer>;
export type TextKeys = z.infer<typeof TextKeysAnswer>;
export type BrandTheme = z.infer<typeof Theme>;
export type Themes = z.infer<typeof ThemeList>;
export type PreviewDraft = z.infer<typeof ConfigPreviewRequest>;
export type Preview = z.infer<typeof ConfigPreview>;
export type RoutingRules = z.infer<typeof RoutingRulesDocument>;
export type RoutingRuleDraft = RoutingRules['rules'][number];
export type DryRunRequest = z.infer<typeof RoutingDryRunRequest>;
export type DryRunAnswer = z.infer<typeof RoutingDryRunAnswer>;
export type Connectors = z.infer<typeof ConnectorList>;
export type Connector = Connectors['connectors'][number];

/** The document of a pay group as its PUT takes it: the answer without its keys. */
export function documentOf(group: PayGroup): PayGroupDraft {
  const document: Partial<PayGroup> & PayGroupDraft = { ...group };
  delete document.id;
  delete document.flow;
  delete document.short_name;
  return document;
}

// --- reads -------------------------------------------------------------------------------------

/** The settings, with the configuration version every write names. */
export const readSettings = (): Promise<Settings> => call('GET', `${OPERATOR_BASE}/settings`);

export const listPayGroups = (): Promise<{ readonly pay_groups: readonly PayGroup[] }> =>
  call('GET', `${OPERATOR_BASE}/pay-groups`);

const payGroupPath = (flow: string, shortName: string): string =>
  `${OPERATOR_BASE}/pay-groups/${encodeURIComponent(flow)}/${encodeURIComponent(shortName)}`;

export const readPayGroup = (flow: string, shortName: string): Promise<PayGroup> =>
  call('GET', payGroupPath(flow, shortName));

export const readTaxTiers = (): Promise<TaxTiers> => call('GET', `${OPERATOR_BASE}/tax-tiers`);

export const readTexts = (language: string): Promise<Texts> =>
  call('GET', `${OPERATOR_BASE}/texts/${encodeURIComponent(language)}`);

export const readTextKeys = (language: string): Promise<TextKeys> =>
  call('GET', `${OPERATOR_BASE}/text-keys/${encodeURIComponent(language)}`);

export const listThemes = (): Promise<Themes> => call('GET', `${OPERATOR_BASE}/themes`);

export const readRoutingRules = (): Promise<RoutingRules> =>
  call('GET', `${OPERATOR_BASE}/routing-rules`);

/** The connectors configured on the server, the default first, with their health. */
export const listConnectors = (): Promise<Connectors> => call('GET', `${OPERATOR_BASE}/connectors`);

// --- writes, each at the version read ---------------------------------------------------------

export const updateSettings = (change: SettingsChange, version: number): Promise<Settings> =>
  call('PATCH', `${OPERATOR_BASE}/settings`, { body: change, ifMatch: version });

export const savePayGroup = (
  flow: string,
  shortName: string,
  document: PayGroupDraft,
  version: number,
): Promise<PayGroup> =>
  call('PUT', payGroupPath(flow, shortName), { body: document, ifMatch: version });

export const saveTaxTiers = (
  flow: string,
  document: TaxTiersDraft,
  version: number,
): Promise<TaxTiers> =>
  call('PUT', `${OPERATOR_BASE}/tax-tiers/${encodeURIComponent(flow)}`, {
    body: document,
    ifMatch: version,
  });

export const saveTexts = (
  language: string,
  texts: Readonly<Record<string, string>>,
  version: number,
): Promise<Texts> =>
  call('PUT', `${OPERATOR_BASE}/texts/${encodeURIComponent(language)}`, {
    body: { texts },
    ifMatch: version,
  });

export const saveTheme = (
  name: string,
  theme: Pick<BrandTheme, 'properties' | 'fonts'>,
  version: number,
): Promise<BrandTheme> =>
  call('PUT', `${OPERATOR_BASE}/themes/${encodeURIComponent(name)}`, {
    body: { properties: theme.properties, fonts: theme.fonts },
    ifMatch: version,
  });

export const saveDefaultTheme = (name: string, version: number): Promise<{ name: string }> =>
  call('PUT', `${OPERATOR_BASE}/theme-default`, { body: { name }, ifMatch: version });

export const saveRoutingRules = (document: RoutingRules, version: number): Promise<RoutingRules> =>
  call('PUT', `${OPERATOR_BASE}/routing-rules`, { body: document, ifMatch: version });

/** Which rule and connectors would take a described payment (nothing is written). */
export const dryRunRouting = (request: DryRunRequest): Promise<DryRunAnswer> =>
  call('POST', `${OPERATOR_BASE}/routing/dry-run`, { body: request });

// --- the preview -----------------------------------------------------------------------------

/** A preview of `draft`: the widget address to frame (it never pays). */
export const createPreview = (draft: PreviewDraft): Promise<Preview> =>
  call('POST', `${STAFF_BASE}/previews`, { body: draft });
