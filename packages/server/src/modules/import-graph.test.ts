/**
 * No import circle among the server's modules.
 *
 * The imports of every file under src/modules (tests left out) are read with
 * the TypeScript parser and resolved the way `tsc` resolves them; modules of other folders they
 * reach (db, http, providers, …) are read too, so a circle that passes through one of them is
 * caught as well. Every strongly connected component of that graph is a circle and fails the
 * test, named by one of its shortest cycles and its members.
 *
 * What counts as an import: `import … from`, `import type … from`, `export … from`, `import('…')`
 * (a call or a type) and `import x = require('…')`.
 *
 * Type-only imports count too. They vanish from the emitted JavaScript (verbatimModuleSyntax), so
 * a circle made only of them cannot break module loading; but a type belongs to the module that
 * owns the concept, and a file that needs a type from a module above it shows that the type is in
 * the wrong place: the modules are layered (realtime at the bottom, then webhooks; brand-config,
 * wallet and accounts above them; operator; cashier; payments on top, docs/architecture.md), and a
 * module's entry re-exports its files, so a circle between two modules' files would run through
 * their entries too. The layering is meant to hold for types as well, so that a module can be
 * read and tested knowing only what is below.
 *
 * @packageDocumentation
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
/** The folders whose modules must not import each other in circles. */
const CHECKED = ['modules'] as const;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  noEmit: true,
};

/** A module as the report names it: its path under src, with forward slashes. */
function nameOf(file: string): string {
  return relative(SRC, file).split(sep).join('/');
}

function isTestModule(file: string): boolean {
  return /\.test\.ts$/.test(file) || nameOf(file).startsWith('test/');
}

function modulesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.endsWith('.d.ts') && !isTestModule(file))
    .sort();
}

/** Every module specifier a source file names (see the module comment for what counts). */
function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The modules of src a module imports (packages and Node built-ins left out). */
function importsOf(file: string): string[] {
  const resolved = importSpecifiers(file, readFileSync(file, 'utf8')).map(
    (specifier) =>
      ts.resolveModuleName(specifier, file, COMPILER_OPTIONS, ts.sys).resolvedModule
        ?.resolvedFileName,
  );
  return [
    ...new Set(
      resolved.filter(
        (target): target is string =>
          target !== undefined &&
          !target.includes(`${sep}node_modules${sep}`) &&
          !relative(SRC, target).startsWith('..') &&
          !target.endsWith('.d.ts'),
      ),
    ),
  ].sort();
}

/** The import graph from the checked folders, following imports into the rest of src. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = CHECKED.flatMap((folder) => modulesUnder(join(SRC, folder)));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue;
    const targets = importsOf(file);
    graph.set(file, targets);
    pending.push(...targets.filter((target) => !graph.has(target)));
  }
  return graph;
}

/** Strongly connected components with a circle in them (Tarjan), each sorted. */
function circularComponents(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** One shortest cycle through the first member of a component: a → … → a. */
function shortestCycle(
  graph: ReadonlyMap<string, readonly string[]>,
  component: readonly string[],
): string[] {
  const members = new Set(component);
  const start = component[0];
  if (start === undefined) return [];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = queue.shift(); head !== undefined; head = queue.shift()) {
    for (const next of graph.get(head) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [head];
        for (let back = cameFrom.get(head); back !== undefined; back = cameFrom.get(back)) {
          path.unshift(back);
        }
        return [...path, start];
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, head);
        queue.push(next);
      }
    }
  }
  return [];
}

describe('import graph of the modules', () => {
  const graph = importGraph();

  it('reads the modules it is meant to check', () => {
    const names = [...graph.keys()].map(nameOf);
    expect(names).toContain('modules/cashier/pay-groups.ts');
    expect(names).toContain('modules/payments/deposit-policy.ts');
    expect(names).toContain('modules/payments/routes/deposit.ts');
    expect(
      graph.get(join(SRC, 'modules', 'payments', 'routes', 'deposit.ts'))?.map(nameOf),
    ).toContain('modules/cashier/index.ts');
  });

  it('has no import circle among src/modules, type-only imports included', () => {
    const circles = circularComponents(graph).map((component) => {
      const cycle = shortestCycle(graph, component).map(nameOf).join(' → ');
      return `${cycle}   (component: ${component.map(nameOf).join(', ')})`;
    });
    expect(circles).toEqual([]);
  });

  it('finds a circle, type-only imports included, and names it (the checker checked)', () => {
    const parsed = importSpecifiers(
      'a.ts',
      [
        "import type { B } from './b';",
        "export { c } from './c';",
        "const d = await import('./d');",
        "type E = typeof import('./e');",
        "import f = require('./f');",
      ].join('\n'),
    );
    expect(parsed).toEqual(['./b', './c', './d', './e', './f']);
    const toy = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    const components = circularComponents(toy);
    expect(components).toEqual([['a', 'b', 'c'], ['e']]);
    expect(shortestCycle(toy, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(shortestCycle(toy, ['e'])).toEqual(['e', 'e']);
  });
});
