import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderMethodOutcomeTables } from './method-outcomes';
import { renderTestCardTable } from './test-cards';
import { renderTestWalletTokenTable } from './test-wallet-tokens';

const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

/** The text between `<!-- {name}:start -->` and `<!-- {name}:end -->`, trimmed. */
function section(name: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = README.indexOf(start);
  const to = README.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${name} section`);
  return README.slice(from + start.length, to).trim();
}

describe('sandbox README tables match the data (documented test cards and outcomes)', () => {
  it('carries the test card table rendered from TEST_CARDS', () => {
    expect(section('test-cards')).toBe(renderTestCardTable());
  });

  it('SPEC §6: carries the test wallet token table rendered from TEST_WALLET_TOKENS', () => {
    expect(section('test-wallet-tokens')).toBe(renderTestWalletTokenTable());
  });

  it('carries the method kind and amount tables rendered from the data', () => {
    expect(section('method-outcomes')).toBe(renderMethodOutcomeTables());
  });
});
