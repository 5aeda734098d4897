import type { NextApiRequest, NextApiResponse } from 'next';
import { ensureReady } from '@/lib/server/boot';
import { checkInteractionCsrf } from '@/lib/server/idp/csrf';
import { checkLogin, clientAddress, grantConsent, signUp } from '@/lib/server/idp/interactions';
import { getProvider } from '@/lib/server/idp/provider';

/** Form posts of the provider's login and consent pages (reached through /interaction/:uid/:action). */
export default async function interactionAction(req: NextApiRequest, res: NextApiResponse) {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    res.status(405).end();
    return;
  }
  await ensureReady();
  const provider = await getProvider();
  const uid = String(req.query.uid);
  const action = String(req.query.action);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const back = (error: string, extra = '') => res.redirect(303, `/interaction/${encodeURIComponent(uid)}?error=${error}${extra}`);
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid || !checkInteractionCsrf(uid, body.csrf)) return back('csrf');
    if (action === 'login') {
      const email = String(body.email ?? '');
      const outcome = await checkLogin(clientAddress(req), email, String(body.password ?? ''));
      if (!outcome.ok) {
        const wait = outcome.reason === 'throttled' ? `&retry=${outcome.retryAfter}` : '';
        return back(outcome.reason, `&email=${encodeURIComponent(email)}${wait}`);
      }
      await provider.interactionFinished(req, res, { login: { accountId: outcome.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'signup') {
      const form = {
        email: String(body.email ?? '').slice(0, 300),
        name: String(body.name ?? '').slice(0, 300),
        password: String(body.password ?? ''),
        confirm: String(body.confirm ?? ''),
        lang: body.lang === 'en' ? ('en' as const) : ('jp' as const),
      };
      const outcome = await signUp(clientAddress(req), form);
      if (!outcome.ok) {
        const wait = outcome.retryAfter ? `&retry=${outcome.retryAfter}` : '';
        const keep = `&mode=signup&email=${encodeURIComponent(form.email)}&name=${encodeURIComponent(form.name)}${wait}`;
        return back(outcome.reason, keep);
      }
      await provider.interactionFinished(req, res, { login: { accountId: outcome.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'confirm') {
      await grantConsent(provider, req, res);
      return;
    }
    if (action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.status(404).end();
  } catch (err) {
    // An expired or unknown interaction: the page explains it and offers a fresh start.
    console.warn('[idp] interaction failed:', (err as Error).message);
    back('expired');
  }
}
