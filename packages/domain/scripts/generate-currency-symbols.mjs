// Generates packages/domain/src/money/currency-symbols.ts, the currency symbol table of SPEC §9
// ("currency symbol table for about 170 codes"), from the ICU data built into Node's Intl.
//
// Usage (from the repository root): node packages/domain/scripts/generate-currency-symbols.mjs
// then run prettier on the written file. The output is committed, so the domain package never
// calls Intl at run time and every runtime shows the same symbols.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const TARGET = fileURLToPath(new URL('../src/money/currency-symbols.ts', import.meta.url));

/** The narrow symbol ICU gives for `code` in English, e.g. "$" for USD and CAD. */
function narrowSymbol(code) {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(1);
  const currency = parts.find((part) => part.type === 'currency');
  return currency === undefined ? code : currency.value;
}

/**
 * Quotes a symbol for a TypeScript single-quoted string. Anything invisible (no-break spaces,
 * direction marks) is written as a \u escape so that a reviewer can see it.
 */
function quote(text) {
  const escaped = [...text]
    .map((char) => {
      if (char === '\\' || char === "'") return `\\${char}`;
      if (char !== ' ' && /[\p{C}\p{Z}]/u.test(char)) {
        return `\\u${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      }
      return char;
    })
    .join('');
  return `'${escaped}'`;
}

const codes = Intl.supportedValuesOf('currency').filter((code) => /^[A-Z]{3}$/.test(code));
const lines = codes.map((code) => `  ${code}: ${quote(narrowSymbol(code))},`);

const source = `/**
 * Currency symbols by ISO 4217 code (SPEC §9: currency symbol table for about 170 codes).
 *
 * GENERATED FILE, do not edit by hand. Regenerate from the repository root with
 *   node packages/domain/scripts/generate-currency-symbols.mjs
 * then format it with prettier. Source: Intl.supportedValuesOf('currency') and the English
 * narrowSymbol of Intl.NumberFormat (ICU ${process.versions.icu ?? 'unknown'}, Node ${process.version}).
 * A code that has no symbol of its own maps to the code itself, so every listed code has an entry.
 *
 * @packageDocumentation
 */

/** SPEC §3, §9: narrow currency symbol by upper-case ISO 4217 code (${codes.length} codes). */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
${lines.join('\n')}
};
`;

await writeFile(TARGET, source, 'utf8');
console.log(`wrote ${codes.length} currency symbols to ${TARGET}`);
