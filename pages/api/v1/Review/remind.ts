import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { remindOverdue } from '@/lib/server/flow/remind-overdue';
import { aclOf } from '@/lib/server/roles/role-lists';

/** Sends today's reminders for overdue reviews now (the server also does it every hour). */
export default apiRoute({
  acl: aclOf('holderProductOnly'),
  methods: { POST: async () => ({ notified: await remindOverdue(await getDb()) }) },
});
