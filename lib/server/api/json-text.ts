/**
 * An answer's `data` as finished JSON text (built by the database): the route writes the envelope
 * around it as it is, so the text is never parsed and serialised again on its way out.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The `{ status: 0, data }` envelope around JSON text, as text. */
export function envelopeText(data: JsonText): string {
  return `{"status":0,"data":${data.text}}`;
}

/**
 * An object of named members as JSON text, in their order: a JsonText member goes in as the text
 * it is (never parsed), any other value as JSON.stringify writes it. For answers that put a part
 * the database wrote beside a part built in JS.
 */
export function objectOfText(members: Readonly<Record<string, unknown>>): JsonText {
  const parts: string[] = [];
  // Members between texts are written by one JSON.stringify: a queue of 500 items made 7,000 calls.
  let plain: Record<string, unknown> | undefined;
  const flush = () => {
    if (plain) parts.push(JSON.stringify(plain).slice(1, -1));
    plain = undefined;
  };
  for (const [name, value] of Object.entries(members)) {
    if (value instanceof JsonText) {
      flush();
      parts.push(`${JSON.stringify(name)}:${value.text}`);
    } else {
      // A member left undefined is written as null, not left out: the answer's shape stays whole.
      (plain ??= {})[name] = value === undefined || typeof value === 'function' ? null : value;
    }
  }
  flush();
  return new JsonText(`{${parts.join(',')}}`);
}

/** An array of JSON texts as one JSON text, each element as it is. */
export function arrayOfText(elements: readonly JsonText[]): JsonText {
  return new JsonText(`[${elements.map((element) => element.text).join(',')}]`);
}
