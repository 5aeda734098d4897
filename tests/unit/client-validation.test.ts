import { describe, expect, it } from 'vitest';
import { checkBatch, checkRecord, dateFields } from '@/lib/client/validation';
import { entities } from '@/lib/server/entities/definitions';
import { inputSchema } from '@/lib/server/openapi/entity-schemas';

// The browser checks forms against the JSON Schema that /openapi.json publishes for the entity.
const designer = inputSchema(entities.Designer.create);
const license = inputSchema(entities.License.create);

describe('client-side validation (SPEC §5)', async () => {
  it('takes required fields from the API schema and reports each under its field, in jp and en', async () => {
    const en = await checkRecord(designer, { email: 'bad@', creator_name: '' }, 'en');
    expect(en.status).toBe(5);
    expect(en.errors).toEqual({ email: 'Enter a valid e-mail address.', creator_name: 'This field is required.' });
    const jp = await checkRecord(designer, { email: 'bad@' }, 'jp');
    expect(jp.errors.email).toBe('正しいメールアドレスを入力してください。');
    expect(jp.errors.creator_name).toBe('必須項目です。');
  });

  it('accepts a valid record and converts date-typed fields to dates', async () => {
    expect(dateFields(license).sort()).toEqual(['term_end', 'term_start']);
    const ok = await checkRecord(
      license,
      {
        ip: 'IP1',
        licensee: 'ORG1',
        territory: ['JP'],
        term_start: '2026-01-01',
        term_end: '2027-01-01T00:00:00+09:00',
        royalty_rate_bp: 500,
      },
      'en',
    );
    expect(ok.status).toBe(0);
    expect(ok.data.term_start).toBeInstanceOf(Date);
    expect((ok.data.term_end as unknown as Date).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });

  it('gives status 15 for a batch with errors keyed by index and field', async () => {
    const result = await checkBatch(
      designer,
      [
        { email: 'a@example.com', creator_name: 'A' },
        { email: 'nope', creator_name: 'B' },
      ],
      'en',
    );
    expect(result.status).toBe(15);
    expect(result.errors).toEqual({ '1.email': 'Enter a valid e-mail address.' });
  });

  it('refuses fields the API does not accept, like server-owned ones', async () => {
    const result = await checkRecord(designer, { email: 'a@example.com', creator_name: 'A', owner: 'me' }, 'en');
    expect(result.errors).toEqual({ owner: 'This field is not accepted here.' });
  });

  it('agrees with the server on the same input', async () => {
    const body = { email: 'x@y', creator_name: 'Z', document: 'robot' };
    const client = await checkRecord(designer, body, 'en');
    const server = entities.Designer.create.safeParse(body);
    expect(server.success).toBe(false);
    expect(Object.keys(client.errors).sort()).toEqual(['document', 'email']);
    expect(server.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['document', 'email']);
  });
});
