/**
 * The back office's preview of a brand's configuration (docs/decisions/0107-previewing-configuration.md):
 * a draft of configuration changes, each written as the body of the operator call that would save
 * it (and checked by the same schema), shown in the real widget before anything is saved.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, DateTime, Url } from './common';
import {
  BrandSettingsUpdate,
  PayGroupDocument,
  PayGroupShortName,
  TaxTiersDocument,
} from './operator-config';
import { TextOverrides, ThemeDefaultRequest, ThemeWriteRequest } from './operator-appearance';
import { OperatorThemeName } from './operator-players';
import { LanguageCode, PaymentFlowSchema, ThemeName } from './sandbox';

/** A pay group of the draft: its key and the body of PUT /pay-groups/{flow}/{short_name}. */
const DraftPayGroup = z.object({
  flow: PaymentFlowSchema,
  short_name: PayGroupShortName,
  document: PayGroupDocument,
});

/** The tax tiers of one flow: the body of PUT /tax-tiers/{flow}. */
const DraftTaxTiers = z.object({ flow: PaymentFlowSchema, document: TaxTiersDocument });

/** The texts of one language: the body of PUT /texts/{language}. */
const DraftTexts = z.object({ language: LanguageCode, texts: TextOverrides });

/** A theme: its name and the body of PUT /themes/{name}. */
const DraftTheme = z.object({ name: ThemeName, theme: ThemeWriteRequest });

/** POST /api/back-office/v1/previews. */
export const ConfigPreviewRequest = z
  .strictObject({
    flow: PaymentFlowSchema,
    currency: z
      .optional(Currency)
      .check(
        z.describe(
          'The currency of the preview session; default the first the brand offers in the flow.',
        ),
      ),
    language: z.optional(LanguageCode).check(z.describe('The cashier language (default en).')),
    theme: z
      .optional(OperatorThemeName)
      .check(
        z.describe("The session's theme; default the draft's (or the brand's) default theme."),
      ),
    settings: z.optional(BrandSettingsUpdate),
    pay_groups: z.optional(z.array(DraftPayGroup).check(z.maxLength(50))),
    tax_tiers: z.optional(z.array(DraftTaxTiers).check(z.maxLength(2))),
    texts: z.optional(z.array(DraftTexts).check(z.maxLength(10))),
    themes: z.optional(z.array(DraftTheme).check(z.maxLength(20))),
    theme_default: z.optional(ThemeDefaultRequest),
  })
  .check(
    z.meta({
      id: 'ConfigPreviewRequest',
      description:
        "A draft of the brand's configuration to preview: each part is the body of the operator call that saves it (settings: PATCH /settings; pay_groups: PUT /pay-groups/{flow}/{short_name}; tax_tiers: PUT /tax-tiers/{flow}; texts: PUT /texts/{language}; themes: PUT /themes/{name}; theme_default: PUT /theme-default), checked exactly as that call checks it (400 naming the field, e.g. body.pay_groups.0.document.currencies.0.min_amount). flow, currency, language and theme choose the preview session.",
    }),
  );
/** The type of {@link ConfigPreviewRequest}. */
export type ConfigPreviewRequest = z.infer<typeof ConfigPreviewRequest>;

/** The preview: the widget address to frame and when the preview is swept. */
export const ConfigPreview = z
  .object({
    widget_url: Url,
    expires_at: DateTime,
  })
  .check(
    z.meta({
      id: 'ConfigPreview',
      description:
        "The preview session's cashier address (for a frame of the back office; it can never pay) and when the preview ends (the copy of the brand is removed after that).",
    }),
  );
