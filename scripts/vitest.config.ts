import { defineProject } from 'vitest/config';

// Tests of the repository's own tooling: the Chromium check, the closing-line reporter and the
// dependency rules. Their fixtures live under fixtures/ and never match this include.
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    setupFiles: ['./vitest-assertion-count.ts'],
    include: ['*.test.ts'],
  },
});
