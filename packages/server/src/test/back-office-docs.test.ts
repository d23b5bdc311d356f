/**
 * The roles table of docs/back-office.md, which tells an operator's staff what each role may do,
 * is the contract's table (staff-access.ts: STAFF_ROLE_PERMISSIONS), row for row and tick for
 * tick, so a change of a role's permissions cannot leave the guide saying otherwise.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, STAFF_ROLES, STAFF_ROLE_PERMISSIONS } from '@cashdesk/contract';
import { REPO_ROOT } from '../config';

const GUIDE = readFileSync(path.join(REPO_ROOT, 'docs', 'back-office.md'), 'utf8');

/** The cells of each row of the table whose header starts with "| Permission". */
function roleTable(markdown: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| Permission'));
  if (start === -1) throw new Error('no roles table in docs/back-office.md');
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('docs/back-office.md', () => {
  it("has the contract's roles as its columns and its permissions as its rows, in order", () => {
    const [header, , ...rows] = roleTable(GUIDE);
    expect(header?.slice(2)).toEqual([...STAFF_ROLES]);
    expect(rows.map((row) => row[0])).toEqual(STAFF_PERMISSIONS.map((name) => `\`${name}\``));
  });

  it('ticks exactly what each role may do', () => {
    const [, , ...rows] = roleTable(GUIDE);
    for (const [index, permission] of STAFF_PERMISSIONS.entries()) {
      const ticks = rows[index]?.slice(2) ?? [];
      expect(ticks, permission).toEqual(
        STAFF_ROLES.map((role) => (STAFF_ROLE_PERMISSIONS[role].includes(permission) ? '✓' : '')),
      );
    }
  });
});
