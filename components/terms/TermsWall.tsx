import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTermsWall } from '@/lib/client/terms-wall';
import { useLatch } from '@/lib/client/use-latch';
import type { TermsPrompt } from '@/lib/terms/wall';

// The modal and its text rendering load only for a user with terms to accept: everyone else
// never needs them, and the decision itself waits on the terms and records anyway.
const TermsPromptModal = dynamic(() => import('./TermsPromptModal').then((m) => m.TermsPromptModal), { ssr: false });

/**
 * The terms-acceptance wall of SPEC §2/§4, mounted once in the shell: the common prompt, then
 * the kind-specific ones, each a blocking modal closed only by accepting.
 */
export function TermsWall() {
  const wall = useTermsWall();
  const [pending, setPending] = useState(false);
  const decision = wall?.decision ?? null;
  // Kept once mounted, so the last prompt still closes with its transition after accepting.
  const due = useLatch(Boolean(decision && (decision.common || decision.kinds.length > 0)));
  if (!wall || !decision || !due) return null;
  const kindPrompt = decision.common ? null : (decision.kinds[0] ?? null);

  async function accept(prompt: TermsPrompt) {
    setPending(true);
    await wall!.accept(prompt);
    setPending(false);
  }

  return (
    <>
      <TermsPromptModal
        step="common"
        prompt={decision.common}
        version={decision.common ? wall.terms.latest[decision.common.kind] : null}
        pending={pending}
        onAccept={accept}
      />
      <TermsPromptModal
        step="kind"
        prompt={kindPrompt}
        version={kindPrompt ? wall.terms.latest[kindPrompt.kind] : null}
        pending={pending}
        onAccept={accept}
      />
    </>
  );
}
