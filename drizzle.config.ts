import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./lib/server/db/schema.ts', './lib/server/db/entities-schema.ts', './lib/server/db/platform-schema.ts'],
  out: './lib/server/db/migrations',
});
