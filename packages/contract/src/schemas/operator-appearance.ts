/**
 * Appearance: themes and text overrides as brand configuration, and the
 * player's appearance call that the widget reads at start-up.
 *
 * - A **theme** is a name the operator chooses (1-32 of `[a-z0-9_-]`), a set of the widget's CSS
 *   custom properties (`--cd-*`, colours and radii), a font-family stack and an optional logo. The
 *   values are checked against a small grammar (colours, lengths, font stacks), so no value can
 *   close a declaration or reach the network: `;{}<>`, `url(`, `expression(`, `@import`,
 *   backslashes and the like never match it. The widget sets them with the CSSOM
 *   (`style.setProperty`), which the widget's Content-Security-Policy allows, never as a `<style>`.
 * - The **logo** is uploaded (a PNG, or an SVG without scripts, events, external references or
 *   entities; at most {@link THEME_LOGO_MAX_BYTES}) and served by the cashier itself at a
 *   content-addressed address on its own origin (`img-src 'self'`), as an image that never runs:
 *   `Content-Security-Policy: default-src 'none'; sandbox` and `nosniff`.
 * - **Text overrides** replace the widget's texts per language, for any language code (one the
 *   widget does not ship, such as German, falls back to English key by key). Keys must be keys the
 *   language may override (`widget-texts.ts`, over the widget's locale files: the widget's keys,
 *   or a plural form of one), listed by `GET /text-keys/{language}`, and
 *   keep exactly the `{{placeholders}}` of the English text.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { THEME_COLOR_PROPERTIES, THEME_LENGTH_PROPERTIES } from '../values';
import type { THEME_PROPERTIES } from '../values';
import { DateTime } from './common';
import { LanguageCode, ThemeName } from './sandbox';

export { BUILT_IN_THEMES, THEME_PROPERTIES } from '../values';

/** One of {@link THEME_PROPERTIES}. */
export type ThemeProperty = (typeof THEME_PROPERTIES)[number];

const NUMBER = String.raw`[0-9]{1,3}(?:\.[0-9]{1,4})?`;
const CHANNEL = String.raw`${NUMBER}(?:%|deg)?`;
const FUNCTION_ARGS = String.raw`\s*${CHANNEL}(?:\s*[,/]?\s*${CHANNEL}){2,3}\s*`;

/**
 * A colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()` of plain
 * numbers, or a colour keyword (`white`, `transparent`).
 */
const COLOR_VALUE = new RegExp(
  String.raw`^(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(?:rgba?|hsla?)\(${FUNCTION_ARGS}\)|[a-zA-Z]{3,24})$`,
);

/** A length: 0, or a number with px, rem, em or %. */
const LENGTH_VALUE = /^(?:0|[0-9]{1,3}(?:\.[0-9]{1,3})?(?:px|rem|em|%))$/;

/**
 * A font-family stack: families separated by commas, each a quoted name (`'Open Sans'`) or an
 * unquoted one (`Georgia`, `system-ui`, `sans-serif`) of letters, digits, spaces and hyphens.
 */
const FONT_STACK =
  /^\s*(?:'[A-Za-z0-9 -]{1,64}'|"[A-Za-z0-9 -]{1,64}"|[A-Za-z][A-Za-z0-9 -]{0,63})(?:\s*,\s*(?:'[A-Za-z0-9 -]{1,64}'|"[A-Za-z0-9 -]{1,64}"|[A-Za-z][A-Za-z0-9 -]{0,63}))*\s*$/;

/** A colour value of a theme. */
const ColorValue = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(COLOR_VALUE, 'a colour: #rgb, #rrggbb, rgb(), rgba(), hsl(), hsla() or a keyword'),
  );

/** A length value of a theme. */
const LengthValue = z
  .string()
  .check(z.maxLength(16), z.regex(LENGTH_VALUE, 'a length: 0 or a number with px, rem, em or %'));

/** A font-family stack (`'Open Sans', Arial, sans-serif`). */
export const FontStack = z
  .string()
  .check(
    z.maxLength(300),
    z.regex(FONT_STACK, 'a font-family stack: names (quoted or not) separated by commas'),
  );

/** The custom properties of a theme, each checked by its kind. */
export const ThemeProperties = z
  .strictObject({
    '--cd-color-bg': z.optional(ColorValue).check(z.describe('The page background.')),
    '--cd-color-surface': z
      .optional(ColorValue)
      .check(z.describe('The background of cards, tiles and forms.')),
    '--cd-color-surface-muted': z
      .optional(ColorValue)
      .check(z.describe('The background of muted areas (hints, disabled methods, info blocks).')),
    '--cd-color-text': z.optional(ColorValue).check(z.describe('The body text.')),
    '--cd-color-text-muted': z
      .optional(ColorValue)
      .check(z.describe('Secondary text (hints, captions).')),
    '--cd-color-border': z.optional(ColorValue).check(z.describe('Borders and separators.')),
    '--cd-color-primary': z
      .optional(ColorValue)
      .check(z.describe('Primary buttons and chosen items.')),
    '--cd-color-primary-text': z
      .optional(ColorValue)
      .check(z.describe('Text on the primary colour.')),
    '--cd-color-primary-hover': z
      .optional(ColorValue)
      .check(z.describe('Primary buttons under the pointer.')),
    '--cd-color-focus': z
      .optional(ColorValue)
      .check(z.describe('The focus ring of the focused control.')),
    '--cd-color-success': z.optional(ColorValue).check(z.describe('Success messages and marks.')),
    '--cd-color-error': z.optional(ColorValue).check(z.describe('Errors and declines.')),
    '--cd-color-warning': z.optional(ColorValue).check(z.describe('Warnings and notices.')),
    '--cd-color-ribbon': z.optional(ColorValue).check(z.describe('The lost-profit bonus ribbon.')),
    '--cd-radius': z
      .optional(LengthValue)
      .check(z.describe('The corner radius of cards, tiles and buttons.')),
    '--cd-radius-small': z
      .optional(LengthValue)
      .check(z.describe('The corner radius of small elements (inputs, chips).')),
  })
  .check(
    z.meta({
      id: 'ThemeProperties',
      description: `The widget's CSS custom properties a theme sets (any subset; the rest keep the widget's defaults): colours (${THEME_COLOR_PROPERTIES.join(', ')}) as #rgb, #rrggbb, rgb(), hsl() or a keyword; radii (${THEME_LENGTH_PROPERTIES.join(', ')}) as 0 or a number with px, rem, em or %. Any other property is refused.`,
    }),
  );
/** The type of {@link ThemeProperties}. */
export type ThemeProperties = z.infer<typeof ThemeProperties>;

/** Largest logo, decoded (bytes). */
export const THEME_LOGO_MAX_BYTES = 65536;

/** The media types a logo may have. */
export const THEME_LOGO_MEDIA_TYPES = ['image/png', 'image/svg+xml'] as const;

/** A logo as uploaded: its media type and its bytes in base64. */
export const ThemeLogoUpload = z
  .object({
    media_type: z
      .enum(THEME_LOGO_MEDIA_TYPES)
      .check(z.describe("The logo's format: image/png or image/svg+xml.")),
    data_base64: z
      .string()
      .check(
        z.minLength(4),
        z.maxLength(Math.ceil(THEME_LOGO_MAX_BYTES / 3) * 4),
        z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
        z.describe(`The logo's bytes in base64 (at most ${THEME_LOGO_MAX_BYTES} bytes decoded).`),
      ),
  })
  .check(
    z.meta({
      id: 'ThemeLogoUpload',
      description: `The theme's logo: a PNG or an SVG, at most ${THEME_LOGO_MAX_BYTES} bytes, in base64. An SVG with scripts, event attributes, foreignObject, entities or references to anything but its own fragments is refused (400, 1832). Served by the cashier from its own origin.`,
    }),
  );

/** PUT /themes/{name}: the whole theme (a PUT replaces it). */
export const ThemeWriteRequest = z
  .object({
    properties: ThemeProperties,
    fonts: z
      .optional(z.nullable(FontStack))
      .check(
        z.describe(
          "The theme's font-family stack (the widget's --cd-font), e.g. 'Open Sans', Arial, sans-serif; null or left out: the widget's own.",
        ),
      ),
    logo: z
      .optional(z.nullable(ThemeLogoUpload))
      .check(
        z.describe(
          'The brand logo shown above the cashier, uploaded with the theme; null or left out: none.',
        ),
      ),
  })
  .check(
    z.meta({
      id: 'ThemeWriteRequest',
      description:
        "A theme: custom properties, a font-family stack (the widget's --cd-font) and a logo. A PUT replaces the whole theme; a missing or null logo or fonts means none.",
    }),
  );
/** The type of {@link ThemeWriteRequest}. */
export type ThemeWriteRequest = z.infer<typeof ThemeWriteRequest>;

/** A stored logo as answered: where the cashier serves it. */
export const ThemeLogo = z
  .object({
    url: z.string(),
    media_type: z.enum(THEME_LOGO_MEDIA_TYPES),
    sha256: z.string(),
  })
  .check(
    z.meta({
      id: 'ThemeLogo',
      description:
        "A theme's logo: its address on the cashier's own origin (content-addressed by its SHA-256, cached for a year), media type and hash.",
    }),
  );

/** A theme as the operator API answers it. */
export const Theme = z
  .object({
    name: ThemeName,
    properties: ThemeProperties,
    fonts: z.nullable(z.string()),
    logo: z.nullable(ThemeLogo),
    is_default: z.boolean(),
    updated_at: DateTime,
  })
  .check(z.meta({ id: 'Theme', description: "One of the brand's themes." }));
/** The type of {@link Theme}. */
export type Theme = z.infer<typeof Theme>;

/** GET /themes. */
export const ThemeList = z
  .object({
    default_theme: ThemeName,
    built_in: z.array(ThemeName),
    themes: z.array(Theme),
  })
  .check(
    z.meta({
      id: 'ThemeList',
      description:
        "The brand's themes by name, the built-in themes every brand has (brand0, brand1; a theme of the brand with the same name replaces one), and the brand's default theme (the theme of a session that names none).",
    }),
  );

/** Path parameters naming a theme. */
export const ThemeParams = z.object({ name: ThemeName });

/** PUT /theme-default. */
export const ThemeDefaultRequest = z
  .object({
    name: ThemeName.check(
      z.describe(
        "The theme every session of the brand gets unless it names another: one of the brand's themes or a built-in one (brand0, brand1).",
      ),
    ),
  })
  .check(
    z.meta({
      id: 'ThemeDefaultRequest',
      description:
        "Makes a theme the brand's default: a theme of the brand or a built-in one (otherwise 400, 1830).",
    }),
  );

/** The brand's default theme. */
export const ThemeDefault = z
  .object({ name: ThemeName })
  .check(z.meta({ id: 'ThemeDefault', description: "The brand's default theme." }));

/**
 * Message key to text. The server also checks each key against the keys the language may override
 * and each text's placeholders against the English text's (`widget-texts.ts`, kept out of this
 * module so the widget's bundle never carries the widget's texts of every language).
 */
export const TextOverrides = z
  .record(z.string().check(z.minLength(1), z.maxLength(120)), z.string().check(z.maxLength(2000)))
  .check(
    z.meta({
      id: 'TextOverrides',
      description:
        "Message key (SPEC §8 keys and the widget's own) to the text shown instead of the widget's. A key must be one the language may override (GET /text-keys/{language} lists them: the widget's keys, or a plural form of one: _zero, _one, _two, _few, _many, _other), and its text must use exactly the {{placeholders}} of the English text (400 naming body.texts.<key> otherwise).",
    }),
  );

/** Path parameters naming a language of text overrides. */
export const TextsParams = z.object({ language: LanguageCode });

/** PUT /texts/{language}: the overrides of one language (a PUT replaces them). */
export const TextsWriteRequest = z.object({ texts: TextOverrides }).check(
  z.meta({
    id: 'TextsWriteRequest',
    description:
      "The text overrides of one language; a PUT replaces them all (an empty object removes them). Keys not given show the widget's own text in that language, or English where the widget does not ship the language.",
  }),
);

/** The text overrides of one language, as answered. */
export const TextsAnswer = z
  .object({
    language: LanguageCode,
    texts: z.record(z.string(), z.string()),
    updated_at: z.nullable(DateTime),
  })
  .check(
    z.meta({
      id: 'TextsAnswer',
      description:
        "The brand's text overrides of one language (empty, updated_at null, when it has none).",
    }),
  );

/** The type of {@link TextsAnswer}. */
export type TextsAnswer = z.infer<typeof TextsAnswer>;

/** The languages the widget ships texts in (its locale folders, packages/widget/src/i18n/locales). */
export const WIDGET_TEXT_LANGUAGES = ['en', 'ar', 'uk'] as const;

/** One of {@link WIDGET_TEXT_LANGUAGES}. */
export type WidgetTextLanguage = (typeof WIDGET_TEXT_LANGUAGES)[number];

/** GET /text-keys/{language}: the keys a brand may override in a language and their defaults. */
export const TextKeysAnswer = z
  .object({
    language: LanguageCode,
    texts_language: z.enum(WIDGET_TEXT_LANGUAGES),
    keys: z.array(
      z.object({
        key: z.string(),
        placeholders: z.array(z.string()),
        default_text: z.string(),
      }),
    ),
  })
  .check(
    z.meta({
      id: 'TextKeysAnswer',
      description:
        "Every message key a brand may override in the language (PUT /texts/{language} accepts exactly these), sorted, each with the {{placeholders}} its text must use and default_text, the widget's own text in texts_language: the language itself where the widget ships it (en, ar, uk), else English. A plural family (…_one, …_other) is listed in all six forms (_zero, _one, _two, _few, _many, _other); the widget uses those of the language's plural rules. Read from the widget's locale files, so the list follows the widget's texts.",
    }),
  );
/** The type of {@link TextKeysAnswer}. */
export type TextKeysAnswer = z.infer<typeof TextKeysAnswer>;

/** Query of the player's appearance call. */
export const AppearanceQuery = z.object({
  lang: z.optional(z.string().check(z.maxLength(35))),
  theme: z.optional(ThemeName),
});

/** The theme of the player's appearance answer. */
export const AppearanceTheme = z
  .object({
    name: ThemeName,
    built_in: z.boolean(),
    // The same grammar as the operator's writes: the widget checks it again before the CSSOM.
    properties: ThemeProperties,
    fonts: z.nullable(FontStack),
    logo_url: z.nullable(z.string()),
  })
  .check(
    z.meta({
      id: 'AppearanceTheme',
      description:
        'The theme the widget renders: its custom properties (set with the CSSOM), its font stack and its logo address. built_in: the widget ships CSS for it; its properties then only replace some of that CSS.',
    }),
  );

/** The player's appearance answer. */
export const AppearanceResponse = z
  .object({
    theme: z.nullable(AppearanceTheme),
    language: LanguageCode,
    texts: z.record(z.string(), z.string()),
  })
  .check(
    z.meta({
      id: 'AppearanceResponse',
      description:
        "What the widget needs to look like its brand, read at start-up beside init: the theme asked for (the theme query parameter; without it the session's theme) or null when the brand knows no theme of that name (SPEC §2: the main screen is then not rendered), and the brand's text overrides for the language (the first part of lang).",
    }),
  );
/** The type of {@link AppearanceResponse}. */
export type AppearanceResponse = z.infer<typeof AppearanceResponse>;
