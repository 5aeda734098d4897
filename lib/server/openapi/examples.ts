import { sample } from 'openapi-sampler';

type Json = Record<string, unknown>;
type Media = { schema?: Json; example?: unknown; examples?: unknown };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** An example value for a schema, sampled from it (its own `examples` first, patterns honoured). */
export function exampleOf(schema: Json, doc: Json): unknown {
  return sample(schema as Parameters<typeof sample>[0], { enablePatterns: true, quiet: true }, doc);
}

function fill(media: Media | undefined, doc: Json): void {
  if (!media?.schema || media.example !== undefined || media.examples !== undefined) return;
  media.example = exampleOf(media.schema, doc);
}

/**
 * Gives every JSON request body and answer of the document an example, sampled from the same
 * schema that describes it, so an integrator sees a concrete call for every operation and the
 * examples cannot drift from the schemas. Examples written by hand are kept.
 */
export function addExamples(doc: Json): void {
  const paths = doc.paths as Record<string, Partial<Record<(typeof METHODS)[number], Json>>>;
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const body = op.requestBody as { content?: Record<string, Media> } | undefined;
      fill(body?.content?.['application/json'], doc);
      for (const response of Object.values((op.responses ?? {}) as Record<string, { content?: Record<string, Media> }>)) {
        fill(response.content?.['application/json'], doc);
      }
    }
  }
}
