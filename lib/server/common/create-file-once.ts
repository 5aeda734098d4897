import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates `file` with `content` unless it already exists, and answers what the file holds
 * afterwards. Replicas starting together on a fresh shared data directory all end up with the
 * first writer's content (a generated secret or key), never a mix or a half-written file: the
 * content is written to a temporary file and hard-linked into place, which fails if the name exists.
 */
export function createFileOnce(file: string, content: string, mode = 0o600): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, content, { mode, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return content;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
