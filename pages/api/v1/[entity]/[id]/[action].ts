import { AppError } from '@/lib/server/api/errors';
import { apiRoute } from '@/lib/server/api/route';
import { idOf, resolveEntity } from '@/lib/server/entities/resolve';
import { applyTransition } from '@/lib/server/flow/apply-transition';
import { subjectHistory } from '@/lib/server/flow/history';
import { recordActions } from '@/lib/server/flow/offered-actions';

/**
 * POST /api/v1/{Entity}/{id}/{action} takes a step of the record's flow (submit, publish, …)
 * with an optional {comment}; GET /api/v1/{Entity}/{id}/history answers its reviews and log;
 * GET /api/v1/{Entity}/{id}/actions answers the steps the caller may take now (what pages offer).
 */
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      if (query.action !== 'history' && query.action !== 'actions') throw new AppError('not_found', 'not found');
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      if (query.action === 'actions') return recordActions(db, viewer, def.name, idOf(query.id));
      return subjectHistory(db, def, viewer, idOf(query.id));
    },
    POST: async ({ caller, query, body }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      const comment =
        body && typeof body === 'object' && typeof (body as { comment?: unknown }).comment === 'string'
          ? (body as { comment: string }).comment.slice(0, 5000)
          : undefined;
      return applyTransition(db, viewer, {
        entity: def.name,
        key: idOf(query.id),
        action: String(query.action).slice(0, 40),
        comment,
      });
    },
  },
});
