import { asc, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { appendAdminLog } from '../audit/write-admin-log';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { credentialSchemas, credentials } from '../db/platform-schema';
import { callerIn } from '../roles/role-lists';
import { schemaPublishInput, schemaToggleInput } from './inputs';
import { ensureLicenseSchema, type CredentialSchemaRow } from './license-schema';
import { ALG, jwksUri, signingKey } from './signing-keys';
import { isKey } from './wallet';

export interface SchemaSummary {
  key: string;
  name: string;
  version: string;
  issuer: string;
  enabled: boolean;
  published: boolean;
  meta: Record<string, unknown>;
  dateCreated: string;
  dateUpdated: string;
}

function summary(row: CredentialSchemaRow): SchemaSummary {
  return {
    key: row.key,
    name: row.name,
    version: row.version,
    issuer: row.issuer,
    enabled: row.enabled,
    published: row.published,
    meta: row.meta,
    dateCreated: row.dateCreated.toISOString(),
    dateUpdated: row.dateUpdated.toISOString(),
  };
}

/** Administrators see every schema; anyone else only those enabled and published. */
function visible(caller: Caller, row: CredentialSchemaRow): boolean {
  return callerIn(caller, 'system') || (row.enabled && row.published);
}

async function allSchemas(db: Db): Promise<CredentialSchemaRow[]> {
  await ensureLicenseSchema(db);
  return db.select().from(credentialSchemas).orderBy(asc(credentialSchemas.name));
}

export async function listSchemas(db: Db, caller: Caller): Promise<{ items: SchemaSummary[] }> {
  return { items: (await allSchemas(db)).filter((row) => visible(caller, row)).map(summary) };
}

async function schemaRow(db: Db, caller: Caller, id: unknown): Promise<CredentialSchemaRow> {
  if (!isKey(id)) throw new AppError('not_found', 'schema not found');
  await ensureLicenseSchema(db);
  const [row] = await db.select().from(credentialSchemas).where(eq(credentialSchemas.key, id)).limit(1);
  if (!row || !visible(caller, row)) throw new AppError('not_found', 'schema not found');
  return row;
}

/** /schema/meta/{id}: the schema's descriptive fields and flags, with how many credentials it has issued. */
export async function schemaMeta(db: Db, caller: Caller, id: unknown): Promise<SchemaSummary & { issued: number }> {
  const row = await schemaRow(db, caller, id);
  const issued = await db.$count(credentials, eq(credentials.schema, row.key));
  return { ...summary(row), issued };
}

/** /schema/get/{id}: the JSON Schema of the credential subject. */
export async function getSchema(
  db: Db,
  caller: Caller,
  id: unknown,
): Promise<SchemaSummary & { schema: Record<string, unknown> }> {
  const row = await schemaRow(db, caller, id);
  return { ...summary(row), schema: row.schema };
}

export async function setSchemaEnabled(
  db: Db,
  caller: Caller,
  id: unknown,
  enabled: boolean,
  body?: unknown,
): Promise<SchemaSummary> {
  validateInput(schemaToggleInput, body === '' || body == null ? {} : body, caller.lang);
  const row = await schemaRow(db, caller, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(credentialSchemas)
      .set({ enabled, dateUpdated: new Date() })
      .where(eq(credentialSchemas.key, row.key))
      .returning();
    await appendAdminLog(tx, {
      sub: caller.sub,
      action: enabled ? 'credential.schema.enable' : 'credential.schema.disable',
      ref: row.key,
      data: { schema: row.key, name: row.name, before: { enabled: row.enabled }, after: { enabled } },
    });
    return summary(updated!);
  });
}

/** Publishes (or, with `published: false`, withdraws) a schema from the list non-administrators see. */
export async function publishSchema(db: Db, caller: Caller, id: unknown, body: unknown): Promise<SchemaSummary> {
  const input = validateInput(schemaPublishInput, body === '' || body == null ? {} : body, caller.lang);
  const row = await schemaRow(db, caller, id);
  const meta = input.published ? { ...row.meta, publishedAt: new Date().toISOString() } : row.meta;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(credentialSchemas)
      .set({ published: input.published, meta, dateUpdated: new Date() })
      .where(eq(credentialSchemas.key, row.key))
      .returning();
    await appendAdminLog(tx, {
      sub: caller.sub,
      action: input.published ? 'credential.schema.publish' : 'credential.schema.withdraw',
      ref: row.key,
      data: { schema: row.key, name: row.name, before: { published: row.published }, after: { published: input.published } },
    });
    return summary(updated!);
  });
}

export interface IssuerInfo {
  id: string;
  jwksUri: string;
  alg: string;
  kid: string;
  schemas: string[];
}

/** /schema/issuers: each issuer named by a visible schema, with the key that verifies its credentials. */
export async function listIssuers(db: Db, caller: Caller): Promise<{ items: IssuerInfo[] }> {
  const { kid } = await signingKey('holder-vc');
  const byIssuer = new Map<string, string[]>();
  for (const row of (await allSchemas(db)).filter((r) => visible(caller, r))) {
    byIssuer.set(row.issuer, [...(byIssuer.get(row.issuer) ?? []), row.key]);
  }
  return { items: [...byIssuer].map(([id, schemas]) => ({ id, jwksUri: jwksUri(), alg: ALG, kid, schemas })) };
}
