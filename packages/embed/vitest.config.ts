import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'embed',
    environment: 'jsdom',
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts', 'demo/**/*.test.ts'],
  },
});
