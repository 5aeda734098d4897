/** A call whose body is all optional may come with none: an empty or absent body is `{}`. */
export function optionalBody(body: unknown): unknown {
  return body === undefined || body === null || body === '' ? {} : body;
}
