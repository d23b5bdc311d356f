import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGING_FAULT_MODES } from './control';

const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

describe('the messaging simulator README documents the fault modes as the code has them', () => {
  it('has one row per fault mode, in the order of MESSAGING_FAULT_MODES', () => {
    const from = README.indexOf('<!-- fault-modes:start -->');
    const to = README.indexOf('<!-- fault-modes:end -->');
    expect(from).toBeGreaterThan(0);
    const documented = README.slice(from, to)
      .split('\n')
      .map((line) => /^\| `([a-z-]+)`/.exec(line)?.[1])
      .filter((mode) => mode !== undefined);
    expect(documented).toEqual([...MESSAGING_FAULT_MODES]);
  });
});
