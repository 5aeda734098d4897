import type { RouteDoc } from './route-docs';

/** Routes outside the generic entity routes. Each names the zod schema its handler validates with. */
export function otherRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/core/server/status',
      method: 'get',
      summary: 'System status: label and version',
      tag: 'core',
      public: true,
      output: { type: 'object', properties: { label: { type: 'string' }, version: { type: 'string' } } },
    },
    { path: '/api/core/notify/list', method: 'get', summary: "The caller's notifications and unread count", tag: 'notify' },
    { path: '/api/gate', method: 'post', summary: 'Registration gate check', tag: 'core', public: true },
  ];
}
