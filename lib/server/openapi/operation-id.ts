/**
 * The operationId of a route, derived from its method and path so that every operation has one
 * and no two share one: `post /api/v1/IP/{id}/{action}` → `postV1IPByIdByAction`,
 * `get /api/core/users/acl` → `getCoreUsersAcl`. Segments keep their own spelling (entity names
 * stay `IP`, `SalesReport`); separators inside a segment become word breaks.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const parts = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return [...(param ? ['By'] : []), ...parts.map((part) => part[0]!.toUpperCase() + part.slice(1))];
    });
  return `${method.toLowerCase()}${words.join('')}`;
}
