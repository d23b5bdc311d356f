import { defineProject } from 'vitest/config';

// Tests of the benchmarks' own arithmetic (bench/cpu.ts). The benchmarks themselves are run by
// people (`npm run bench:*`), never by the test command.
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    setupFiles: ['../scripts/vitest-assertion-count.ts'],
    include: ['*.test.ts'],
  },
});
