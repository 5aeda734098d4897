import type { NextApiRequest, NextApiResponse } from 'next';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getProvider } from '@/lib/server/idp/provider';
import { digestServiceSecret } from '@/lib/server/service-accounts/token-request';

export const config = { api: { bodyParser: false, externalResolver: true } };

const MOUNT = '/api/oidc';

/** The embedded OpenID provider, mounted inside the Next.js server (off when OIDC_ISSUER is set). */
export default async function oidc(req: NextApiRequest, res: NextApiResponse) {
  if (!getConfig().oidc.embedded) {
    res.status(404).json({ status: 404, data: 'embedded identity provider is off' });
    return;
  }
  await ensureReady();
  const provider = await getProvider();
  // The provider derives its mount path from originalUrl versus url.
  const request = req as NextApiRequest & { originalUrl?: string };
  request.originalUrl = req.url;
  req.url = (req.url ?? '/').slice(MOUNT.length) || '/';
  if (!req.url.startsWith('/')) req.url = `/${req.url}`;
  digestServiceSecret(req, req.url);
  await provider.callback()(req, res);
}
