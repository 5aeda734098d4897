import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useTermsWall } from '@/lib/client/terms-wall';
import { useLatch } from '@/lib/client/use-latch';
import type { TermsPrompt } from '@/lib/terms/wall';
import { wallCovers } from '@/lib/screens';

// The modal and its text rendering load only for a user with terms to accept: everyone else
// never needs them, and the decision itself waits on the terms and records anyway.
const TermsPromptModal = dynamic(() => import('./TermsPromptModal').then((m) => m.TermsPromptModal), { ssr: false });

/**
 * The terms-acceptance wall of SPEC §2/§4, mounted once in the shell: the common prompt, then
 * the kind-specific ones, each a blocking modal closed only by accepting. A hidden marker says
 * whether the decision is still loading, clear or due (for tests and assistive checks).
 */
export function TermsWall() {
  const wall = useTermsWall();
  const [pending, setPending] = useState(false);
  // Kept once mounted, so the last prompt still closes with its transition after accepting.
  const mounted = useLatch(wall.state === 'due');
  const covers = wallCovers(useRouter().pathname);
  const marker = <span hidden data-testid="terms-wall-state" data-state={covers ? wall.state : 'exempt'} />;
  if (!mounted || wall.state !== 'due' || !covers) {
    // After the last acceptance the modals stay mounted (closed) for their closing transition.
    return mounted ? (
      <>
        {marker}
        <TermsPromptModal step="common" prompt={null} version={null} pending={false} onAccept={() => undefined} />
        <TermsPromptModal step="kind" prompt={null} version={null} pending={false} onAccept={() => undefined} />
      </>
    ) : (
      marker
    );
  }
  const { decision, terms } = wall;
  const kindPrompt = decision.common ? null : (decision.kinds[0] ?? null);

  async function accept(prompt: TermsPrompt) {
    if (wall.state !== 'due') return;
    setPending(true);
    await wall.accept(prompt);
    setPending(false);
  }

  return (
    <>
      {marker}
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
