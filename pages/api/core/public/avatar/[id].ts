import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { userAvatar } from '@/lib/server/storage/avatar';
import { userIdOf } from '@/lib/server/users/user-visibility';

/** A user's picture as a 128-px WebP, or an SVG of their initials; to anyone. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ res, query }) => {
      const avatar = await userAvatar(await getDb(), userIdOf(query.id));
      const body = avatar.type === 'image/webp' ? avatar.bytes : Buffer.from(avatar.svg, 'utf8');
      res.setHeader('Content-Type', avatar.type === 'image/webp' ? avatar.type : 'image/svg+xml; charset=utf-8');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // The picture can change; a short lifetime, not the immutable one of stored files.
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      res.setHeader('Content-Length', String(body.length));
      res.status(200).end(body);
    },
  },
});
