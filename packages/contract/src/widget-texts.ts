/**
 * The widget's texts as the operator API sees them: every message key a brand may override, the
 * `{{placeholders}}` its text must keep and the widget's own text of it in each language it ships.
 * The source is the widget's locale files themselves (packages/widget/src/i18n/locales/<lang>/),
 * imported here as data (never a copy of them), so a text added to the widget is overridable and
 * listed at once. The server bundles them; the widget never imports this module's tables (its
 * texts load per language from the same files).
 *
 * One rule answers both questions an operator asks: {@link overridableText} says whether a key may
 * be overridden in a language (and with which placeholders), {@link overridableTexts} lists the
 * keys it accepts, so the list (GET /text-keys/{language}) and the check of
 * PUT /texts/{language} cannot disagree.
 *
 * @packageDocumentation
 */
import enAccountManagement from '../../widget/src/i18n/locales/en/account-management.json';
import enBetShop from '../../widget/src/i18n/locales/en/bet-shop.json';
import enCards from '../../widget/src/i18n/locales/en/cards.json';
import enCommon from '../../widget/src/i18n/locales/en/common.json';
import enDepositHome from '../../widget/src/i18n/locales/en/deposit-home.json';
import enDepositMethod from '../../widget/src/i18n/locales/en/deposit-method.json';
import enFields from '../../widget/src/i18n/locales/en/fields.json';
import enHistory from '../../widget/src/i18n/locales/en/history.json';
import enMessages from '../../widget/src/i18n/locales/en/messages.json';
import enResult from '../../widget/src/i18n/locales/en/result.json';
import enWithdrawalReversal from '../../widget/src/i18n/locales/en/withdrawal-reversal.json';
import enWithdrawal from '../../widget/src/i18n/locales/en/withdrawal.json';
import arAccountManagement from '../../widget/src/i18n/locales/ar/account-management.json';
import arBetShop from '../../widget/src/i18n/locales/ar/bet-shop.json';
import arCards from '../../widget/src/i18n/locales/ar/cards.json';
import arCommon from '../../widget/src/i18n/locales/ar/common.json';
import arDepositHome from '../../widget/src/i18n/locales/ar/deposit-home.json';
import arDepositMethod from '../../widget/src/i18n/locales/ar/deposit-method.json';
import arFields from '../../widget/src/i18n/locales/ar/fields.json';
import arHistory from '../../widget/src/i18n/locales/ar/history.json';
import arMessages from '../../widget/src/i18n/locales/ar/messages.json';
import arResult from '../../widget/src/i18n/locales/ar/result.json';
import arWithdrawalReversal from '../../widget/src/i18n/locales/ar/withdrawal-reversal.json';
import arWithdrawal from '../../widget/src/i18n/locales/ar/withdrawal.json';
import ukAccountManagement from '../../widget/src/i18n/locales/uk/account-management.json';
import ukBetShop from '../../widget/src/i18n/locales/uk/bet-shop.json';
import ukCards from '../../widget/src/i18n/locales/uk/cards.json';
import ukCommon from '../../widget/src/i18n/locales/uk/common.json';
import ukDepositHome from '../../widget/src/i18n/locales/uk/deposit-home.json';
import ukDepositMethod from '../../widget/src/i18n/locales/uk/deposit-method.json';
import ukFields from '../../widget/src/i18n/locales/uk/fields.json';
import ukHistory from '../../widget/src/i18n/locales/uk/history.json';
import ukMessages from '../../widget/src/i18n/locales/uk/messages.json';
import ukResult from '../../widget/src/i18n/locales/uk/result.json';
import ukWithdrawalReversal from '../../widget/src/i18n/locales/uk/withdrawal-reversal.json';
import ukWithdrawal from '../../widget/src/i18n/locales/uk/withdrawal.json';

import { WIDGET_TEXT_LANGUAGES } from './schemas/operator-appearance';
import type { WidgetTextLanguage } from './schemas/operator-appearance';

type Texts = Readonly<Record<string, string>>;

function merged(parts: readonly Texts[]): Texts {
  const texts: Record<string, string> = {};
  for (const part of parts) Object.assign(texts, part);
  return Object.freeze(texts);
}

/** The widget's texts by the language it ships them in (its locale files, area files merged). */
const WIDGET_TEXTS: Readonly<Record<WidgetTextLanguage, Texts>> = {
  en: merged([
    enAccountManagement,
    enBetShop,
    enCards,
    enCommon,
    enDepositHome,
    enDepositMethod,
    enFields,
    enHistory,
    enMessages,
    enResult,
    enWithdrawalReversal,
    enWithdrawal,
  ]),
  ar: merged([
    arAccountManagement,
    arBetShop,
    arCards,
    arCommon,
    arDepositHome,
    arDepositMethod,
    arFields,
    arHistory,
    arMessages,
    arResult,
    arWithdrawalReversal,
    arWithdrawal,
  ]),
  uk: merged([
    ukAccountManagement,
    ukBetShop,
    ukCards,
    ukCommon,
    ukDepositHome,
    ukDepositMethod,
    ukFields,
    ukHistory,
    ukMessages,
    ukResult,
    ukWithdrawalReversal,
    ukWithdrawal,
  ]),
};

/** The plural forms i18next adds to a key (`Intl.PluralRules` categories). */
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/** The sorted, distinct `{{placeholder}}` names of a text. */
export function textPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

/** The language whose widget texts are the defaults of `language`: itself if shipped, else English. */
export function widgetTextLanguage(language: string): WidgetTextLanguage {
  return WIDGET_TEXT_LANGUAGES.find((shipped) => shipped === language) ?? 'en';
}

/** A key a brand may override in a language, with what its text must keep and shows by default. */
export interface OverridableText {
  readonly key: string;
  /** The `{{placeholders}}` an override must use, exactly (those of the English text). */
  readonly placeholders: readonly string[];
  /** The widget's own text in the language (in English where the widget does not ship it). */
  readonly defaultText: string;
}

function lookup(texts: Texts, key: string): string | undefined {
  return Object.hasOwn(texts, key) ? texts[key] : undefined;
}

/**
 * The text override rule: a key may be overridden when the widget has it in English, or when it is
 * a plural form (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`: i18next's suffixes, whichever
 * the language's plural rules use) of a key whose English text has plural forms (`…_other`). Its
 * placeholders are the English text's (of the key, else of its `_other` form); its default text is
 * the widget's in `language` where the widget ships it, else the English one. `undefined` for any
 * other key.
 */
export function overridableText(language: string, key: string): OverridableText | undefined {
  const english = WIDGET_TEXTS.en;
  const own = WIDGET_TEXTS[widgetTextLanguage(language)];
  const other = key.replace(PLURAL_SUFFIX, '_other');
  const isPluralForm = other !== key && Object.hasOwn(english, other);
  const englishText = lookup(english, key) ?? (isPluralForm ? lookup(english, other) : undefined);
  if (englishText === undefined) return undefined;
  return {
    key,
    placeholders: textPlaceholders(englishText),
    defaultText: lookup(own, key) ?? (isPluralForm ? lookup(own, other) : undefined) ?? englishText,
  };
}

/**
 * Every key a brand may override, sorted, with its default text in `language`: the widget's English
 * keys, each plural family in all six forms. Exactly the keys {@link overridableText} accepts.
 */
export function overridableTexts(language: string): OverridableText[] {
  const keys = new Set<string>();
  const english = WIDGET_TEXTS.en;
  for (const key of Object.keys(english)) {
    const other = key.replace(PLURAL_SUFFIX, '_other');
    if (!PLURAL_SUFFIX.test(key) || !Object.hasOwn(english, other)) keys.add(key);
    else {
      const stem = other.slice(0, -'_other'.length);
      for (const form of PLURAL_FORMS) keys.add(`${stem}_${form}`);
    }
  }
  return [...keys]
    .sort()
    .map((key) => overridableText(language, key))
    .filter((entry) => entry !== undefined);
}
