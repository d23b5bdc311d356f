import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { domainApiProblems, domainImports, uncalledExports } from './check-domain-api';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function source(text: string): ts.SourceFile {
  return ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true);
}

describe('the public API of @cashdesk/domain (every export has a caller in the product)', () => {
  it('reads the names a file imports or re-exports from the domain, never from elsewhere', () => {
    const file = source(
      [
        "import { luhn, type Money, formatMoney as money } from '@cashdesk/domain';",
        "import type { Card } from '@cashdesk/domain';",
        "import { other } from '@cashdesk/contract';",
        "export { SPEC_RULE } from '@cashdesk/domain';",
        "import * as everything from '@cashdesk/domain/testing';",
      ].join('\n'),
    );
    expect(domainImports(file).sort()).toEqual(
      ['Card', 'Money', 'SPEC_RULE', 'formatMoney', 'luhn'].sort(),
    );
  });

  it('fails on an export nothing imports and on a listed name that is now imported', () => {
    expect(domainApiProblems(['a', 'b'], ['a', 'c'])).toEqual([
      'b: exported by @cashdesk/domain, imported by no product code',
      'c: now called (or gone); take it off NOT_CALLED_YET',
    ]);
    expect(domainApiProblems(['a'], ['a'])).toEqual([]);
  });

  it('finds the names of the real package that no product code imports', () => {
    const uncalled = uncalledExports(ROOT);
    // Called by the widget, so never reported.
    expect(uncalled).not.toContain('formatMoney');
    expect(uncalled.every((name) => /^[A-Za-z_$][\w$]*$/.test(name))).toBe(true);
  }, 120_000);
});
