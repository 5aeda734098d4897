import { and, count, desc, eq, ilike, like, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { files, users } from '../db/schema';
import { cidFromSha256 } from './cid';
import { publicListQuery } from './public-list-input';

export { publicListQuery };

export interface PublicFileRow {
  hash: string;
  cid: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  owner: string;
  ownerEmail: string | null;
  ownerName: string | null;
  dateCreated: Date;
}

export interface PublicFileList {
  items: PublicFileRow[];
  total: number;
  page: number;
  size: number;
  /** Every type among public files, for the filter. */
  mimes: string[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Public files for data maintenance (admins): newest first, paged, filtered by type and name. */
export async function listPublicFiles(db: Db, caller: Caller, query: unknown): Promise<PublicFileList> {
  const input = validateInput(publicListQuery, query, caller.lang);
  const where: SQL[] = [eq(files.public, true)];
  if (input.mime)
    where.push(input.mime.endsWith('/') ? like(files.mime, `${escapeLike(input.mime)}%`) : eq(files.mime, input.mime));
  if (input.q) where.push(ilike(files.name, `%${escapeLike(input.q)}%`));
  const condition = and(...where);
  const [rows, [{ total }], mimes] = await Promise.all([
    db
      .select({
        hash: files.hash,
        name: files.name,
        mime: files.mime,
        size: files.size,
        width: files.width,
        height: files.height,
        owner: files.owner,
        ownerEmail: users.email,
        ownerName: sql<string | null>`nullif(trim(coalesce(${users.nickname}, '')), '')`,
        dateCreated: files.dateCreated,
      })
      .from(files)
      .leftJoin(users, eq(users.sub, files.owner))
      .where(condition)
      .orderBy(desc(files.dateCreated), files.hash)
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    db.select({ total: count() }).from(files).where(condition),
    db.selectDistinct({ mime: files.mime }).from(files).where(eq(files.public, true)).orderBy(files.mime),
  ]);
  return {
    items: rows.map((row) => ({ ...row, cid: cidFromSha256(row.hash) })),
    total,
    page: input.page,
    size: input.size,
    mimes: mimes.map((m) => m.mime),
  };
}
