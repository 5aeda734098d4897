import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { hasAccess } from '@/lib/acl/match';
import { clearStoredAddress, readStoredAddress } from '@/lib/client/redirect-store';
import { lastSignInAttempt, signInOnce } from '@/lib/client/sign-in-guard';
import { isSigningOut } from '@/lib/client/sign-out';
import { addressToStore, decideSession } from '@/lib/session/redirect';
import { storedAddressUsed } from '@/lib/session/sign-in-guard';
import { LoadingPage } from './LoadingPage';
import { PermissionDenied } from './PermissionDenied';

interface SessionGateProps {
  /** Access patterns of the page; null for public pages. */
  acl: readonly string[] | null;
  children: ReactNode;
}

// The stored address changes only through this gate's own effects, which re-render it anyway.
const noSubscription = () => () => undefined;

/** Carries out the session decision of SPEC §4 for one page. */
export function SessionGate({ acl, children }: SessionGateProps) {
  const { data: session, status } = useSession();
  const router = useRouter();
  const address = router.asPath;
  // The server renders without the browser's storage (its page carries the session, so it decides
  // too); the stored address takes part once hydrated, so both first renders agree.
  const storedAddress = useSyncExternalStore(noSubscription, readStoredAddress, () => null);
  const decision = decideSession({
    status,
    ready: session?.ready,
    valid: session?.valid,
    allowed: acl === null || hasAccess(acl, session?.user.access ?? []),
    isPublic: acl === null,
    address,
    storedAddress,
  });

  useEffect(() => {
    if (isSigningOut()) return;
    if (decision.kind === 'sign-in') {
      // Once per failure: a sign-in that did not help ends on the failure page, not in a loop.
      if (decision.expired) console.log('LIKELY session expired');
      signInOnce(decision.expired ? 'provider' : 'sign-in-page');
    }
    // Back on the stored address after the sign-in it was stored for: it has served its purpose
    // and must not pull the user there again from the home page later. Stored for anything else
    // (a core API 401), it stays until used.
    if (
      decision.kind === 'show' &&
      status === 'authenticated' &&
      storedAddressUsed(readStoredAddress(), addressToStore(address), lastSignInAttempt())
    ) {
      clearStoredAddress();
    }
    if (decision.kind === 'restore') {
      clearStoredAddress();
      void router.replace(decision.to);
    }
    // The decision is a fresh object each render; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(decision), status, address]);

  if (decision.kind === 'show') return <>{children}</>;
  if (decision.kind === 'denied') return <PermissionDenied />;
  return <LoadingPage />;
}
