import dynamic from 'next/dynamic';
import { useSession } from 'next-auth/react';
import { useMemo, useState } from 'react';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { useEntityQuery } from '@/lib/client/entities';
import { productApi } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import { useLatch } from '@/lib/client/use-latch';
import { useLatestTerms } from '@/lib/client/terms';
import { TERMS_KINDS } from '@/lib/terms/kinds';
import { acceptedAfter, decideTermsWall, type Acceptance, type TermsPrompt, type WallEntity } from '@/lib/terms/wall';

// The modal and its text rendering load only for a user with terms to accept: everyone else
// never needs them, and the decision itself waits on the terms and records anyway.
const TermsPromptModal = dynamic(() => import('./TermsPromptModal').then((m) => m.TermsPromptModal), { ssr: false });

interface AcceptingRecord {
  key: string;
  role?: string;
  accepted_terms_version?: Record<string, string>;
}

const MINE = (sub: string) => ({ filter: { owner: sub }, sort: { dateCreated: 1 as const }, limit: 1 });

/**
 * The terms-acceptance wall of SPEC §2/§4, mounted once in the shell: the common prompt, then
 * the kind-specific one, each a blocking modal closed only by accepting.
 */
export function TermsWall() {
  const { settings } = useShell();
  const { data: session, status } = useSession();
  const signedIn = status === 'authenticated' && Boolean(session?.user.sub);
  const { data: terms } = useLatestTerms(signedIn);
  // Records are read only once some terms are published: a platform without terms shows no wall.
  const anyPublished = Boolean(terms && TERMS_KINDS.some((kind) => terms.latest[kind]));
  const sub = session?.user.sub ?? '';
  const designers = useEntityQuery<AcceptingRecord>('Designer', anyPublished ? MINE(sub) : null);
  const licensees = useEntityQuery<AcceptingRecord>('Licensee', anyPublished ? MINE(sub) : null);
  const [pending, setPending] = useState(false);

  const decision = useMemo(() => {
    if (!terms || !anyPublished || designers.data === undefined || licensees.data === undefined) return null;
    const access = session?.user.access ?? [];
    const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
    // A failed or empty search means no record and so no accepted version (SPEC §8), silently.
    const designer = designers.data?.items[0] ?? null;
    const licensee = licensees.data?.items[0] ?? null;
    return decideTermsWall({
      productKey: settings.productKey,
      roles: { designer: hasAccess(lists.designer, access), licensee: hasAccess(lists.licensee, access) },
      designer: designer
        ? { key: designer.key, role: designer.role ?? 'personal', accepted: designer.accepted_terms_version ?? {} }
        : null,
      licensee: licensee ? { key: licensee.key, accepted: licensee.accepted_terms_version ?? {} } : null,
      latest: Object.fromEntries(TERMS_KINDS.map((kind) => [kind, terms.latest[kind]?.metadata.version ?? null])),
    });
  }, [terms, anyPublished, designers.data, licensees.data, session, settings]);
  // Kept once mounted, so the last prompt still closes with its transition after accepting.
  const due = useLatch(Boolean(decision && (decision.common || decision.kinds.length > 0)));

  if (!decision || !terms || !due) return null;
  const kindPrompt = decision.common ? null : (decision.kinds[0] ?? null);

  async function accept(prompt: TermsPrompt) {
    setPending(true);
    const records: Record<WallEntity, AcceptingRecord | undefined> = {
      Designer: designers.data?.items[0],
      Licensee: licensees.data?.items[0],
    };
    const byRecord = new Map<string, Acceptance[]>();
    for (const a of prompt.accept) byRecord.set(`${a.entity}/${a.key}`, [...(byRecord.get(`${a.entity}/${a.key}`) ?? []), a]);
    const answers = await Promise.all(
      [...byRecord.values()].map((list) => {
        const { entity, key } = list[0]!;
        const body = { accepted_terms_version: acceptedAfter(records[entity]?.accepted_terms_version ?? {}, list) };
        return productApi(`/v1/${entity}/${encodeURIComponent(key)}`, { method: 'PATCH', body, token: session?.accessToken });
      }),
    );
    // The prompt closes only when every call answered status 0; otherwise it stays open, silently (SPEC §8).
    if (answers.every((answer) => answer?.status === 0)) await Promise.all([designers.mutate(), licensees.mutate()]);
    setPending(false);
  }

  return (
    <>
      <TermsPromptModal
        step="common"
        prompt={decision.common}
        version={decision.common ? terms.latest[decision.common.kind] : null}
        pending={pending}
        onAccept={accept}
      />
      <TermsPromptModal
        step="kind"
        prompt={kindPrompt}
        version={kindPrompt ? terms.latest[kindPrompt.kind] : null}
        pending={pending}
        onAccept={accept}
      />
    </>
  );
}
