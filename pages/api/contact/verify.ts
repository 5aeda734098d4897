import { apiRoute } from '@/lib/server/api/route';
import { confirmContact } from '@/lib/server/contacts/confirm-contact';
import { getDb } from '@/lib/server/db/client';

/** The link of a contact e-mail confirmation mail, followed by the person who asked for it. */
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => confirmContact(await getDb(), caller, body),
  },
});
