/**
 * A list's SWR key path as the address used to carry it (`/jobs/list?limit=50&state=dead`), from
 * the query the typed client sends: undefined values are left out, as the client leaves them out.
 */
export function listKeyPath(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return `${path}?${params.toString()}`;
}
