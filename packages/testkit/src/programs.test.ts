import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TESTKIT_PROGRAMS, programArgs } from './programs';

describe('the testkit programs and how a test starts one', () => {
  it('names a main module that exists for each stand-in', async () => {
    expect(Object.keys(TESTKIT_PROGRAMS).sort()).toEqual([
      'async-psp-simulator',
      'messaging-simulator',
      'simulator',
      'wallet-simulator',
      'webhook-receiver',
    ]);
    for (const main of Object.values(TESTKIT_PROGRAMS)) await access(main);
  });

  it('starts a program from its source through tsx when no global set-up built it, from a path or a file URL', () => {
    const main = TESTKIT_PROGRAMS.simulator ?? '';
    expect(programArgs(main)).toEqual(['--import', 'tsx', main]);
    expect(programArgs(pathToFileURL(main).href)).toEqual(programArgs(main));
  });
});
