import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/api/setup.ts'],
          // One PGlite (or one Postgres schema) per worker file; files run one at a time to stay in 24 GiB / 2 cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        resolve: { alias },
        test: {
          // Load and faults against the production build (`next build` first); run by scripts/test-all.sh.
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
