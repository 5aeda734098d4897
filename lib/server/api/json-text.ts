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
