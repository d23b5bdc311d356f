/**
 * Completeness of the shipped translations (SPEC §8 message keys, SPEC §1 languages and
 * right-to-left layouts). Fails when a key the code can show is missing from any shipped
 * language, when a language has keys English does not have (or lacks some), when a value is
 * empty, when {{placeholders}} differ between languages, or when an Arabic or Ukrainian
 * sentence is a copy of the English one.
 *
 * Keys are collected from the sources themselves, with the TypeScript parser (so comments never
 * count and `t(cond ? 'A.B' : 'C.D')` gives both keys):
 * - widget (src, without tests and test helpers): every literal passed as the first argument of
 *   `t(…)`/`x.t(…)`, every `i18nKey="…"`, and every UPPER.DOTTED.KEY literal anywhere (key
 *   tables such as `{ popular: 'DEPOSIT_HOME.GROUP.POPULAR' }` handed to `t(variable)`). A file
 *   that calls `t(\`${prefix}_SUFFIX\`)` treats its UPPER.DOTTED literals that are not direct
 *   `t()` arguments as prefixes and expands them with every such suffix. A template with a
 *   static head (`t(\`PH.X.${id}\`)`) cannot be expanded: at least one key must start with it;
 * - domain, contract and server (src, without tests and test fixtures): every 'PH.…' and
 *   'CASHIER.…' literal (field labels of the seed data, the error table, decline keys…), the
 *   domain's key tables imported directly, and the declared dynamic server keys
 *   (CASHIER.DECLINE.{reason} for every reason of DECLINE_REASONS).
 *
 * Locale files are merged per language exactly as messages.ts loadMessages does
 * (locales/<lang>/*.json).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { MESSAGE_KEYS } from '@cashdesk/domain';
import { AMOUNT_MESSAGE_KEYS, FEE_MESSAGE_KEYS } from '@cashdesk/domain/testing';
import { SHIPPED_LANGUAGES } from '../startup/startup';
import type { ShippedLanguage } from '../startup/startup';

const HERE = dirname(fileURLToPath(import.meta.url));
const WIDGET_SRC = join(HERE, '..');
const LOCALES_DIR = join(HERE, 'locales');
const REPO = join(HERE, '..', '..', '..', '..');

/** The shipped languages (startup/startup.ts); English is the reference. */
const LANGUAGES = SHIPPED_LANGUAGES;
type Language = ShippedLanguage;
/** The languages translated from English. */
const TRANSLATED = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== 'en',
);

/** A message key as the code writes them: UPPER_CASE segments joined by dots. */
const KEY_PATTERN = /^[A-Z][A-Z0-9_]*(\.[A-Z0-9_]+)+$/;
/** Keys the domain and the server hand to the widget (SPEC §8 naming). */
const SERVER_KEY_PATTERN = /^(PH|CASHIER)\.[A-Z0-9_.]+$/;

/**
 * Values that may equal the English one although they contain words: brand and product names
 * that are never translated. Keep this list short; codes such as "CVV" or "IBAN" (capitals,
 * digits and signs only) are accepted without being listed.
 */
const SAME_AS_ENGLISH_ALLOWED: ReadonlySet<string> = new Set<string>([]);

/**
 * Server keys built at run time from a value list (server/src/modules/payments/transactions.ts
 * declineMessageKey). Each is expanded from the string array `constName` declared in `file`.
 */
const DYNAMIC_SERVER_KEYS = [
  {
    head: 'CASHIER.DECLINE.',
    file: 'packages/connector-kit/src/provider.ts',
    constName: 'DECLINE_REASONS',
  },
] as const;

// ---------------------------------------------------------------------------------------------
// Reading sources

function listFiles(dir: string, accept: (path: string) => boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...listFiles(path, accept));
    } else if (accept(path)) {
      files.push(path);
    }
  }
  return files.sort();
}

function isTestPath(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /[/\\](test|tests|__tests__|__mocks__)[/\\]/.test(path) ||
    /\.d\.ts$/.test(path)
  );
}

function isSourceFile(path: string): boolean {
  return /\.tsx?$/.test(path) && !isTestPath(path);
}

function parse(path: string, text: string): ts.SourceFile {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}

/** A `t(\`…${x}…\`)` call: its static head and the static text after each substitution. */
interface TemplateUse {
  readonly head: string;
  readonly tails: readonly string[];
}

/** What one source file says about keys. */
export interface FileKeys {
  /** Literals passed (anywhere inside the first argument) to `t(…)`, or as `i18nKey`. */
  readonly direct: ReadonlySet<string>;
  /** Every string literal of the file that looks like a key. */
  readonly keyLike: ReadonlySet<string>;
  /** Template literals passed to `t(…)`. */
  readonly templates: readonly TemplateUse[];
}

function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

function stringValue(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

/** Collects the key facts of one source text (exported for the extractor's own tests). */
export function extractFileKeys(path: string, text: string): FileKeys {
  const direct = new Set<string>();
  const keyLike = new Set<string>();
  const templates: TemplateUse[] = [];

  // Follows only the ways an argument can *be* one of several keys (a ? 'A' : 'B', x ?? 'A',
  // (…), … as const); a literal deeper inside, such as an index in TABLE[x ?? 'processing'], is
  // not a key.
  function collectArgument(node: ts.Node): void {
    const value = stringValue(node);
    if (value !== null) {
      direct.add(value);
    } else if (ts.isTemplateExpression(node)) {
      templates.push({
        head: node.head.text,
        tails: node.templateSpans.map((span) => span.literal.text),
      });
    } else if (ts.isConditionalExpression(node)) {
      collectArgument(node.whenTrue);
      collectArgument(node.whenFalse);
    } else if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      collectArgument(node.left);
      collectArgument(node.right);
    } else if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node)
    ) {
      collectArgument(node.expression);
    }
  }

  function visit(node: ts.Node): void {
    const value = stringValue(node);
    if (value !== null && KEY_PATTERN.test(value)) keyLike.add(value);
    if (ts.isCallExpression(node) && isTranslateCall(node)) {
      const [first] = node.arguments;
      if (first !== undefined) collectArgument(first);
    }
    if (
      ts.isJsxAttribute(node) &&
      node.name.getText() === 'i18nKey' &&
      node.initializer !== undefined
    ) {
      const initializer = ts.isJsxExpression(node.initializer)
        ? node.initializer.expression
        : node.initializer;
      if (initializer !== undefined) collectArgument(initializer);
    }
    ts.forEachChild(node, visit);
  }

  visit(parse(path, text));
  return { direct, keyLike, templates };
}

/** Where each key is used: key -> files (relative to the repository). */
type KeyUses = Map<string, Set<string>>;

function addUse(uses: KeyUses, key: string, file: string): void {
  let files = uses.get(key);
  if (files === undefined) {
    files = new Set();
    uses.set(key, files);
  }
  files.add(file);
}

/**
 * SPEC §8: the keys one widget file can show, plus the static heads of templates that could not
 * be expanded.
 */
export function widgetKeysOf(facts: FileKeys): { keys: Set<string>; heads: Set<string> } {
  const keys = new Set(facts.direct);
  const heads = new Set<string>();
  const suffixes = facts.templates
    .filter((use) => use.head === '' && use.tails.length === 1)
    .map((use) => use.tails[0] ?? '');
  for (const use of facts.templates) {
    if (use.head !== '') heads.add(use.head);
  }
  for (const literal of facts.keyLike) {
    if (facts.direct.has(literal)) continue;
    if (suffixes.length === 0) {
      keys.add(literal);
    } else {
      // A key-like literal in a file that builds keys as `${prefix}_SUFFIX` is such a prefix.
      for (const suffix of suffixes) keys.add(`${literal}${suffix}`);
    }
  }
  return { keys, heads };
}

interface CollectedKeys {
  readonly uses: KeyUses;
  /** Template heads such as 'PH.PROCESSING_TIME.' and the files using them. */
  readonly heads: KeyUses;
  /** Server/domain templates with a PH./CASHIER. head that no entry of DYNAMIC_SERVER_KEYS covers. */
  readonly undeclaredServerTemplates: string[];
}

function relativePath(path: string): string {
  return relative(REPO, path).split('\\').join('/');
}

function collectWidgetKeys(into: CollectedKeys): void {
  for (const path of listFiles(WIDGET_SRC, isSourceFile)) {
    const { keys, heads } = widgetKeysOf(extractFileKeys(path, readFileSync(path, 'utf8')));
    const file = relativePath(path);
    for (const key of keys) addUse(into.uses, key, file);
    for (const head of heads) addUse(into.heads, head, file);
  }
}

function stringArrayConst(path: string, constName: string): string[] {
  const source = parse(path, readFileSync(path, 'utf8'));
  const values: string[] = [];
  function visit(node: ts.Node): void {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === constName &&
      node.initializer !== undefined
    ) {
      let init: ts.Expression = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (ts.isArrayLiteralExpression(init)) {
        for (const element of init.elements) {
          const value = stringValue(element);
          if (value !== null) values.push(value);
        }
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return values;
}

function collectBackendKeys(into: CollectedKeys): void {
  const roots = ['domain', 'contract', 'server'].map((name) => join(REPO, 'packages', name, 'src'));
  for (const root of roots) {
    for (const path of listFiles(root, isSourceFile)) {
      const file = relativePath(path);
      function visit(node: ts.Node): void {
        const value = stringValue(node);
        if (value !== null && SERVER_KEY_PATTERN.test(value)) addUse(into.uses, value, file);
        if (ts.isTemplateExpression(node) && /^(PH|CASHIER)\./.test(node.head.text)) {
          const head = node.head.text;
          if (!DYNAMIC_SERVER_KEYS.some((entry) => entry.head === head)) {
            into.undeclaredServerTemplates.push(`${file}: \`${head}\${…}\``);
          }
        }
        ts.forEachChild(node, visit);
      }
      visit(parse(path, readFileSync(path, 'utf8')));
    }
  }
  for (const entry of DYNAMIC_SERVER_KEYS) {
    for (const value of stringArrayConst(join(REPO, entry.file), entry.constName)) {
      addUse(into.uses, `${entry.head}${value.toUpperCase()}`, entry.file);
    }
  }
  // The domain's key tables, imported rather than parsed, so a key built another way still counts.
  const tables: readonly Readonly<Record<string, string>>[] = [
    MESSAGE_KEYS,
    AMOUNT_MESSAGE_KEYS.deposit,
    AMOUNT_MESSAGE_KEYS.withdrawal,
    FEE_MESSAGE_KEYS,
  ];
  for (const table of tables) {
    for (const key of Object.values(table)) addUse(into.uses, key, 'packages/domain/src');
  }
  for (const definition of Object.values(ERROR_CODES)) {
    addUse(into.uses, definition.messageKey, 'packages/contract/src/errors.ts');
  }
  // The date field's literal INVALID_DATE_MESSAGE ('Invalid date') is not a key: fields/ maps it
  // to a key of its own area (FIELDS.DATE.INVALID), which the widget scan finds.
}

function collectKeys(): CollectedKeys {
  const collected: CollectedKeys = {
    uses: new Map(),
    heads: new Map(),
    undeclaredServerTemplates: [],
  };
  collectWidgetKeys(collected);
  collectBackendKeys(collected);
  return collected;
}

// ---------------------------------------------------------------------------------------------
// Reading locales

/** One language: merged messages, and which area file defines each key. */
interface LocaleData {
  readonly messages: Map<string, string>;
  readonly fileOf: Map<string, string>;
  /** Keys defined in more than one area file ("key: a.json, b.json"). */
  readonly duplicates: string[];
  /** Keys whose value is not a string. */
  readonly nonStrings: string[];
  readonly files: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readLocale(language: Language): LocaleData {
  const dir = join(LOCALES_DIR, language);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const messages = new Map<string, string>();
  const fileOf = new Map<string, string>();
  const duplicates: string[] = [];
  const nonStrings: string[] = [];
  for (const file of files) {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!isRecord(parsed)) throw new Error(`${language}/${file} is not a JSON object`);
    for (const [key, value] of Object.entries(parsed)) {
      const earlier = fileOf.get(key);
      if (earlier !== undefined) duplicates.push(`${key}: ${earlier}, ${file}`);
      fileOf.set(key, file);
      if (typeof value === 'string') messages.set(key, value);
      else nonStrings.push(`${language}/${file}: ${key}`);
    }
  }
  return { messages, fileOf, duplicates, nonStrings, files };
}

function readLocales(): Record<Language, LocaleData> {
  return { en: readLocale('en'), ar: readLocale('ar'), uk: readLocale('uk') };
}

/** The {{placeholder}} names of a value, sorted ("{{amount, number}}" counts as amount). */
export function placeholdersOf(value: string): string[] {
  const names = [...value.matchAll(/\{\{\s*-?\s*([^}\s,]+)[^}]*\}\}/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(names)].sort();
}

/** Text without placeholders, for the "is this a sentence" checks. */
function withoutPlaceholders(value: string): string {
  return value.replace(/\{\{[^}]*\}\}/g, ' ');
}

/** A code or sign that reads the same in every language: capitals, digits and signs only. */
export function isCodeLike(value: string): boolean {
  return !/\p{Ll}/u.test(withoutPlaceholders(value));
}

/** At least two words of letters: text a translator has to translate. */
export function isSentence(value: string): boolean {
  return (withoutPlaceholders(value).match(/\p{L}{2,}/gu) ?? []).length >= 2;
}

/** The letters a sentence of each translated language contains (a new language adds its own). */
const SCRIPT_OF: Readonly<Record<Exclude<Language, 'en'>, RegExp>> = {
  ar: /\p{Script=Arabic}/u,
  uk: /\p{Script=Cyrillic}/u,
};

/** i18next plural suffixes (JSON v4): key_one, key_few, … chosen with Intl.PluralRules. */
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/** The plural forms a language needs (en: one, other; uk: one, few, many, other; ar: all six). */
export function pluralCategoriesOf(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
}

/** One key as the code names it: a plain key (form '') or a plural family (its suffixes). */
interface LogicalKey {
  readonly file: string;
  readonly forms: Set<string>;
}

/**
 * Groups a language's keys as the code uses them: X_one, X_few and X_other (X_other present)
 * are the forms of the plural key X, which t('X', { count }) picks from.
 */
function logicalKeys(data: LocaleData): Map<string, LogicalKey> {
  const logical = new Map<string, LogicalKey>();
  for (const [key, file] of data.fileOf) {
    const match = PLURAL_FORM.exec(key);
    const base = match?.[1];
    const form = match?.[2];
    const isPlural = base !== undefined && form !== undefined && data.fileOf.has(`${base}_other`);
    const name = isPlural ? base : key;
    const entry = logical.get(name) ?? { file, forms: new Set<string>() };
    entry.forms.add(isPlural ? form : '');
    logical.set(name, entry);
  }
  return logical;
}

/** The English text a translated value is compared with (a plural form: English X_other). */
function englishReference(english: LocaleData, key: string): string | undefined {
  const direct = english.messages.get(key);
  if (direct !== undefined) return direct;
  const base = PLURAL_FORM.exec(key)?.[1];
  return base === undefined ? undefined : english.messages.get(`${base}_other`);
}

// ---------------------------------------------------------------------------------------------
// Tests of the extractor itself, so that the completeness checks below cannot pass by collecting
// nothing.

describe('key extraction (SPEC §8 message keys)', () => {
  it('takes t() literals, both branches of a conditional, i18nKey and key tables', () => {
    const facts = extractFileKeys(
      'x.tsx',
      [
        "const TABLE = { a: 'AREA.TABLE.A' };",
        "// t('AREA.IN_COMMENT') is a comment",
        't(ok ? \'AREA.YES\' : "AREA.NO");',
        "i18n.t('Plain text key');",
        "t(TABLE[status ?? 'processing'] ?? 'AREA.FALLBACK');",
        'const el = <Trans i18nKey="AREA.TRANS" />;',
        "const url = 'https://example.test/A.B';",
      ].join('\n'),
    );
    const { keys } = widgetKeysOf(facts);
    expect([...keys].sort()).toEqual([
      'AREA.FALLBACK',
      'AREA.NO',
      'AREA.TABLE.A',
      'AREA.TRANS',
      'AREA.YES',
      'Plain text key',
    ]);
  });

  it('expands ${prefix}_SUFFIX templates with the prefixes of the same file', () => {
    const facts = extractFileKeys(
      'x.ts',
      [
        "const prefix = max ? 'AREA.RIBBON.MAX' : 'AREA.RIBBON.FIXED';",
        "t('AREA.DIRECT');",
        't(`${prefix}_BOTH`);',
        't(`${prefix}_PERCENT`);',
        't(`AREA.BY_ID.${id}`);',
      ].join('\n'),
    );
    const { keys, heads } = widgetKeysOf(facts);
    expect([...keys].sort()).toEqual([
      'AREA.DIRECT',
      'AREA.RIBBON.FIXED_BOTH',
      'AREA.RIBBON.FIXED_PERCENT',
      'AREA.RIBBON.MAX_BOTH',
      'AREA.RIBBON.MAX_PERCENT',
    ]);
    expect([...heads]).toEqual(['AREA.BY_ID.']);
  });

  it('finds keys of every source (widget, domain, contract, server)', () => {
    const { uses } = collectKeys();
    for (const key of [
      'APP.CRASH.TITLE', // widget i18nKey
      'SHELL.LOADING', // widget t()
      MESSAGE_KEYS.minLimitInfo, // domain
      'CASHIER.ERROR.OTP_BLOCKED', // contract error table
      'PH.FIELD.CARD_NUMBER', // server seed data
      'CASHIER.DECLINE.INSUFFICIENT_FUNDS', // server dynamic decline key
      'CASHIER.WITHDRAWAL.REVERSED', // server constant
    ]) {
      expect(uses.has(key), key).toBe(true);
    }
    // Test fixtures are not product keys.
    expect(uses.has('PH.PROCESSING.INSTANT')).toBe(false);
  });

  it('knows the plural forms of each shipped language', () => {
    expect(pluralCategoriesOf('en')).toEqual(['one', 'other']);
    expect(pluralCategoriesOf('uk')).toEqual(['few', 'many', 'one', 'other']);
    expect(pluralCategoriesOf('ar')).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });

  it('reads placeholders and tells codes from sentences', () => {
    expect(placeholdersOf('Min. {{amount}} {{currency}} ({{ amount }})')).toEqual([
      'amount',
      'currency',
    ]);
    expect(placeholdersOf('{{value, number}} left')).toEqual(['value']);
    expect(isCodeLike('CVV')).toBe(true);
    expect(isCodeLike('{{percent}}%')).toBe(true);
    expect(isCodeLike('Card')).toBe(false);
    expect(isSentence('Card number')).toBe(true);
    expect(isSentence('Min. {{amount}}')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The completeness checks

describe('shipped translations are complete (SPEC §8 keys in every shipped language)', () => {
  const collected = collectKeys();
  const locales = readLocales();
  const english = locales.en;
  const englishLogical = logicalKeys(english);

  it('every key the code uses exists in every language', () => {
    const missing: string[] = [];
    const sortedKeys = [...collected.uses.keys()].sort();
    for (const language of LANGUAGES) {
      const known = logicalKeys(locales[language]);
      for (const key of sortedKeys) {
        if (known.has(key)) continue;
        const area = englishLogical.get(key)?.file ?? '(no English file yet)';
        const files = [...(collected.uses.get(key) ?? [])].join(', ');
        missing.push(`${language}: ${key}  [area ${area}; used in ${files}]`);
      }
    }
    if (missing.length > 0) console.warn(`Missing translations:\n${missing.join('\n')}`);
    expect(missing).toEqual([]);
  });

  it('keys built at run time have translations (template heads, server templates)', () => {
    const problems = [...collected.undeclaredServerTemplates];
    for (const [head, files] of collected.heads) {
      if (![...english.messages.keys()].some((key) => key.startsWith(head))) {
        problems.push(`no key starts with ${head} (used in ${[...files].join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every language has exactly the English keys, area file by area file', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const data = locales[language];
      const own = logicalKeys(data);
      const required = pluralCategoriesOf(language);
      for (const [key, reference] of englishLogical) {
        const entry = own.get(key);
        if (entry === undefined) {
          problems.push(`${language}/${reference.file}: missing ${key}`);
          continue;
        }
        if (entry.file !== reference.file) {
          problems.push(`${language}/${entry.file}: ${key} belongs in ${reference.file}`);
        }
        const plural = !reference.forms.has('');
        if (plural !== !entry.forms.has('')) {
          problems.push(`${language}/${entry.file}: ${key} must ${plural ? '' : 'not '}be plural`);
        } else if (plural) {
          // Every form the language's plural rules can pick, plus the optional _zero of i18next.
          const lacking = required.filter((form) => !entry.forms.has(form));
          const extra = [...entry.forms].filter((f) => f !== 'zero' && !required.includes(f));
          if (lacking.length > 0) {
            problems.push(`${language}/${entry.file}: ${key} lacks _${lacking.join(', _')}`);
          }
          if (extra.length > 0) {
            problems.push(`${language}/${entry.file}: ${key} has unused _${extra.join(', _')}`);
          }
        }
      }
      for (const [key, entry] of own) {
        if (!englishLogical.has(key)) problems.push(`${language}/${entry.file}: stale ${key}`);
      }
      problems.push(...data.duplicates.map((entry) => `${language}: defined twice ${entry}`));
      problems.push(...data.nonStrings.map((entry) => `not a string ${entry}`));
    }
    expect(problems).toEqual([]);
  });

  it('no value is empty', () => {
    const empty = LANGUAGES.flatMap((language) =>
      [...locales[language].messages]
        .filter(([, value]) => value.trim() === '')
        .map(([key]) => `${language}: ${key}`),
    );
    expect(empty).toEqual([]);
  });

  it('{{placeholders}} are the same in every language and well formed', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const [key, value] of locales[language].messages) {
        const opens = value.split('{{').length;
        const closes = value.split('}}').length;
        if (opens !== closes) problems.push(`${language}: ${key} has unbalanced braces`);
        const reference = englishReference(english, key);
        if (reference === undefined || reference === value) continue;
        // A plural form may leave {{count}} out ("one error", Arabic dual forms).
        const plural =
          PLURAL_FORM.test(key) && !english.messages.has(key.replace(PLURAL_FORM, '$1'));
        const names = (text: string) =>
          placeholdersOf(text).filter((name) => !plural || name !== 'count');
        const expected = names(reference).join(', ');
        const actual = names(value).join(', ');
        if (actual !== expected) {
          problems.push(`${language}: ${key} has {${actual}}, English has {${expected}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('texts of every language but English are translations, not copies of English', () => {
    const problems: string[] = [];
    for (const language of TRANSLATED) {
      for (const [key, value] of locales[language].messages) {
        if (SAME_AS_ENGLISH_ALLOWED.has(key)) continue;
        const reference = englishReference(english, key);
        if (reference !== undefined && value === reference && !isCodeLike(value)) {
          problems.push(`${language}: ${key} is the English text "${value}"`);
        } else if (isSentence(value) && !SCRIPT_OF[language].test(value)) {
          problems.push(`${language}: ${key} has no ${language} letters: "${value}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('amounts keep Latin digits: no Arabic-Indic digits in any text (SPEC §9)', () => {
    const problems = LANGUAGES.flatMap((language) =>
      [...locales[language].messages]
        .filter(([, value]) => /[\u0660-\u0669\u06F0-\u06F9]/.test(value))
        .map(([key]) => `${language}: ${key}`),
    );
    expect(problems).toEqual([]);
  });

  it('SPEC §1 right-to-left: Arabic keeps each amount with its code and each rate with its sign in one left-to-right isolate', () => {
    const problems = [...locales.ar.messages]
      .filter(([, value]) => figureOutsideIsolate(value))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    expect(problems).toEqual([]);
  });

  it('the isolate check catches each way a figure is split in a right-to-left sentence', () => {
    expect(figureOutsideIsolate('الحد الأدنى {{amount}} {{currency}}')).toBe(true);
    expect(figureOutsideIsolate('رسوم {{percent}}%')).toBe(true);
    expect(figureOutsideIsolate('مكافأة +{{amount}}')).toBe(true);
    expect(figureOutsideIsolate('الحد الأدنى \u2066{{amount}} {{currency}}\u2069')).toBe(false);
    expect(figureOutsideIsolate('رسوم \u2066{{percent}}% + {{fixed}}\u2069')).toBe(false);
    expect(figureOutsideIsolate('المبلغ: {{amount}}')).toBe(false);
    // A Latin term that starts with a digit reads "D Secure-3" unless isolated.
    expect(figureOutsideIsolate('تأكيد (3-D Secure)')).toBe(true);
    expect(figureOutsideIsolate('تأكيد (\u20663-D Secure\u2069)')).toBe(false);
  });
});

/**
 * Whether a right-to-left text places a figure's parts as separate runs: two placeholders side
 * by side ("{{amount}} {{currency}}"), a placeholder with a percent sign or a leading plus, or a
 * Latin term that starts with a digit ("3-D Secure"). In an
 * Arabic sentence the bidirectional algorithm would order such parts right to left ("EUR 5.00",
 * "%1.5"); inside a left-to-right isolate (U+2066 … U+2069) they keep their order. A placeholder
 * alone is isolated by the code that fills it.
 */
function figureOutsideIsolate(value: string): boolean {
  const outside = value.replace(/\u2066[^\u2069]*\u2069/g, '');
  return /\}\}\s*(%|\{\{)|(%|\+)\s*\{\{|\d-[A-Za-z]/.test(outside);
}
