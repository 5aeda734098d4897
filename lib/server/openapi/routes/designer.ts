import type { RouteDoc } from '../route-docs';

const ownerOrHolder = "the designer's owner, or calbee:admin, calbee:boss, calbee:{product}";

type Schema = Record<string, unknown>;

/** Rows of an entity table as stored (every column), with the names the designer's pages show beside them. */
function rowsOf(entity: string, extra: Record<string, Schema>): Schema {
  return {
    type: 'array',
    items: {
      allOf: [{ $ref: `#/components/schemas/${entity}` }, { type: 'object', properties: extra, required: Object.keys(extra) }],
    },
  };
}

const nullableString = (description: string): Schema => ({ type: ['string', 'null'], description });

function list(kind: string, summary: string, output: Schema, acl: string | undefined = ownerOrHolder): RouteDoc {
  return { path: `/api/v1/Designer/${kind}/{id}`, method: 'get', summary, tag: 'Designer', output, ...(acl ? { acl } : {}) };
}

/** Routes of the designer area (lib/server/designers/list-*.ts), each answering at most 500 rows, newest first. */
export function designerRoutes(): RouteDoc[] {
  return [
    list(
      'usages',
      "A designer's usage permits (applicant = the designer's owner, or designer = id), with IP name and reason",
      rowsOf('Usage', {
        ipName: nullableString("The IP's name"),
        reason: nullableString('Why a rejected or revoked permit ended: its own reason, else the comment of the refusal'),
      }),
    ),
    list(
      'ips',
      "A designer's secondary IPs: every state for its owner and holder staff, approved ones for anyone else signed in",
      { type: 'array', items: { $ref: '#/components/schemas/IP' } },
      '',
    ),
    list(
      'products',
      "Products made from a designer's IPs, each with its pending designer review key (designerReview)",
      rowsOf('Product', {
        designerReview: nullableString('Key of the pending designer review of its current step; null when nothing waits'),
        ipName: nullableString("The IP's name"),
        licenseeName: nullableString("The licensee organisation's name"),
        licenseTerm: {
          anyOf: [
            {
              type: 'object',
              properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
              required: ['start', 'end'],
            },
            { type: 'null' },
          ],
          description: "The term of the product's license",
        },
      }),
    ),
    list(
      'licenses',
      "A designer's license applications (designer = id or applicant = the owner), with IP and licensee names",
      rowsOf('License', {
        ipName: nullableString("The IP's name"),
        licenseeName: nullableString("The licensee organisation's name"),
      }),
    ),
    list('licensees', "Licensee organisations as {key, name} for the designer's license application form", {
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, name: { type: 'string' } },
        required: ['key', 'name'],
      },
    }),
  ];
}
