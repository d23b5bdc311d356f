import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_ROUTES, PROVIDER_OPERATIONS } from '@cashdesk/server/protocols';
import { FAULT_MODES } from './control';

const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

/** The table rows between `<!-- {name}:start -->` and `<!-- {name}:end -->`, header excluded. */
function rows(name: string): string[] {
  const from = README.indexOf(`<!-- ${name}:start -->`);
  const to = README.indexOf(`<!-- ${name}:end -->`);
  if (from < 0 || to < from) throw new Error(`README.md has no ${name} section`);
  return README.slice(from, to)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
}

describe('the simulator README documents the protocol and the fault modes as the code has them', () => {
  it('has one route row per operation, with the method and path of PROTOCOL_ROUTES', () => {
    const documented = rows('routes');
    expect(documented).toHaveLength(PROVIDER_OPERATIONS.length);
    for (const operation of PROVIDER_OPERATIONS) {
      const route = PROTOCOL_ROUTES[operation];
      const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(documented).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^\\| \`${operation}\` +\\| \`${route.method} ${path.replace(/[{}]/g, '\\$&')}\``,
          ),
        ),
      );
    }
  });

  it('has one row per fault mode, in the order of FAULT_MODES', () => {
    const documented = rows('fault-modes').map((line) => /^\| `([a-z-]+)`/.exec(line)?.[1]);
    expect(documented).toEqual([...FAULT_MODES]);
  });
});
