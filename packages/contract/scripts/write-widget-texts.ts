/// <reference types="node" />
/**
 * Writes packages/contract/src/widget-texts.ts from the widget's English texts
 * (packages/widget/src/i18n/locales/en/*.json): every message key the widget knows and the
 * `{{placeholders}}` of its English text. The server checks an operator's text overrides against
 * it. Run after changing the English texts:
 * `npx tsx packages/contract/scripts/write-widget-texts.ts`; the widget's test
 * i18n/widget-texts.test.ts fails while the table is out of date.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const localeDir = fileURLToPath(new URL('../../widget/src/i18n/locales/en/', import.meta.url));
const target = fileURLToPath(new URL('../src/widget-texts.ts', import.meta.url));

const texts: Record<string, string> = {};
for (const file of (await readdir(localeDir)).filter((name) => name.endsWith('.json')).sort()) {
  Object.assign(texts, JSON.parse(await readFile(`${localeDir}${file}`, 'utf8')));
}
// The lookup helpers below the table are kept as they are in the current file.
const current = await readFile(target, 'utf8').catch(() => '');
const tableEnd = current.indexOf('\n};\n');
const HELPERS = tableEnd === -1 ? '' : current.slice(tableEnd + 4);
const rows = Object.keys(texts)
  .sort()
  .map((key) => {
    const names = [...(texts[key] ?? '').matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]);
    return `  ${JSON.stringify(key)}: ${JSON.stringify([...new Set(names)].sort())},`;
  });
const source = `/**
 * Every message key of the widget and the placeholders of its English text, generated
 * from packages/widget/src/i18n/locales/en by scripts/write-widget-texts.ts (the table is not edited
 * by hand; the lookups below it are kept by the script).
 * An operator's text overrides (PUT /api/operator/v1/texts/{language}) may only name these keys,
 * with exactly these placeholders.
 *
 * @packageDocumentation
 */

/** Message key to the sorted names of the \`{{placeholders}}\` its English text uses. */
export const WIDGET_TEXT_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
${rows.join('\n')}
};
${HELPERS}`;
const options = await prettier.resolveConfig(target);
await writeFile(target, await prettier.format(source, { ...options, filepath: target }));
