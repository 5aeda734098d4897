import os from 'node:os';
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
          // Vitest's default leaves a core free (one worker on two cores): the files are independent.
          maxWorkers: os.availableParallelism(),
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
          globalSetup: ['tests/api/global-setup.ts'],
          // One PGlite (or one PostgreSQL database) per file, copied from one migrated template, so
          // files are independent: two run side by side, one per core (API_WORKERS to change).
          fileParallelism: true,
          maxWorkers: Number(process.env.API_WORKERS ?? 2),
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
