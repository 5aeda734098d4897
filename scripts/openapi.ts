/**
 * Writes /openapi.json as the server builds it (from the same zod schemas the routes validate
 * with), without a running server: `tsx scripts/openapi.ts [file]` (stdout without a file).
 */
import fs from 'node:fs';
import { openApiDocument } from '../lib/server/openapi/document';

const json = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
const file = process.argv[2];
if (file) fs.writeFileSync(file, json);
else process.stdout.write(json);
