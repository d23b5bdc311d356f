/**
 * Every export of `@cashdesk/domain`'s public API has a caller in the product. A rule
 * the domain implements and tests but that the widget, the server, the contract and the embed
 * package never import is either not built for players yet or dead; either way the check fails,
 * naming it. (Helpers the domain only uses inside itself stay in their modules, unexported from
 * the package.) Run by `npm run lint:dead`, so by `npm run lint` and `npm test`.
 *
 * @packageDocumentation
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * SPEC rules the domain has and the product does not call yet (none left). Each must be
 * built into the product or removed (docs/decisions/0069-domain-public-api.md lists them with their plan); the check
 * fails when one of them gains a caller and is still listed here, so the list only shrinks.
 */
const NOT_CALLED_YET: readonly string[] = [];

/** Where the product's code lives: test files and test support are not callers. */
const PRODUCT_ROOTS = [
  'packages/widget/src',
  'packages/server/src',
  'packages/contract/src',
  'packages/embed/src',
  'packages/embed/demo',
];

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /\/test(-support)?\//.test(path) || /test-/.test(path);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

/**
 * The values `packages/domain/src/index.ts` exports: the rules and constants. Types are not
 * counted: most describe the parameters and results of the functions, which the product uses
 * through inference without naming them.
 */
export function domainExports(indexPath: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(indexPath).statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) {
      throw new Error(`${indexPath}: export * hides what the package offers; list names`);
    }
    for (const element of clause.elements) {
      if (!element.isTypeOnly) names.add(element.name.text);
    }
  }
  return names;
}

/** The module a statement imports or re-exports from, when it names one. */
function moduleOf(statement: ts.ImportDeclaration | ts.ExportDeclaration): string | null {
  const specifier = statement.moduleSpecifier;
  return specifier !== undefined && ts.isStringLiteral(specifier) ? specifier.text : null;
}

/** The names one file imports (or re-exports) from `@cashdesk/domain`. */
export function domainImports(file: ts.SourceFile): string[] {
  const names: string[] = [];
  const add = (elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]) => {
    for (const element of elements) names.push((element.propertyName ?? element.name).text);
  };
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && moduleOf(statement) === '@cashdesk/domain') {
      const bindings = statement.importClause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) add(bindings.elements);
    } else if (ts.isExportDeclaration(statement) && moduleOf(statement) === '@cashdesk/domain') {
      const clause = statement.exportClause;
      if (clause !== undefined && ts.isNamedExports(clause)) add(clause.elements);
    }
  }
  return names;
}

/** The public exports no product file imports, sorted. */
export function uncalledExports(root: string): string[] {
  const exported = domainExports(join(root, 'packages/domain/src/index.ts'));
  const called = new Set<string>();
  for (const dir of PRODUCT_ROOTS) {
    for (const path of sourceFiles(join(root, dir))) {
      if (isTestFile(relative(root, path))) continue;
      for (const name of domainImports(parse(path))) called.add(name);
    }
  }
  return [...exported].filter((name) => !called.has(name)).sort();
}

/** What is wrong with the public API: uncalled exports not listed, listed names now called. */
export function domainApiProblems(
  uncalled: readonly string[],
  listed: readonly string[],
): string[] {
  const problems = uncalled
    .filter((name) => !listed.includes(name))
    .map((name) => `${name}: exported by @cashdesk/domain, imported by no product code`);
  for (const name of listed) {
    if (!uncalled.includes(name)) {
      problems.push(`${name}: now called (or gone); take it off NOT_CALLED_YET`);
    }
  }
  return problems;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = domainApiProblems(uncalledExports(ROOT), NOT_CALLED_YET);
  if (problems.length > 0) {
    console.error(
      'The public API of @cashdesk/domain lists only what the product (widget, server, contract, ' +
        'embed; not tests) imports. Use each in the product, or stop exporting it from ' +
        'packages/domain/src/index.ts (and delete it if nothing needs it):',
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `@cashdesk/domain: every export has a caller in the product but ${String(NOT_CALLED_YET.length)} listed as not called yet.`,
  );
}
