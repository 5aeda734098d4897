import { useRouter } from 'next/router';
import { signIn, useSession } from 'next-auth/react';
import { useEffect, type ReactNode } from 'react';
import { hasAccess } from '@/lib/acl/match';
import { clearStoredAddress, readStoredAddress, storeCurrentAddress } from '@/lib/client/redirect-store';
import { isSigningOut } from '@/lib/client/sign-out';
import { addressToStore, decideSession, signInAddress } from '@/lib/session/redirect';
import { LoadingPage } from '../layout/LoadingPage';
import { PermissionDenied } from '../layout/PermissionDenied';

interface SessionGateProps {
  /** Access patterns of the page; null for public pages. */
  acl: readonly string[] | null;
  children: ReactNode;
}

/** Carries out the session decision of SPEC §4 for one page. */
export function SessionGate({ acl, children }: SessionGateProps) {
  const { data: session, status } = useSession();
  const router = useRouter();
  const address = router.asPath;
  const decision = decideSession({
    status,
    ready: session?.ready,
    valid: session?.valid,
    allowed: acl === null || hasAccess(acl, session?.user.access ?? []),
    isPublic: acl === null,
    address,
    storedAddress: typeof window === 'undefined' ? null : readStoredAddress(),
  });

  useEffect(() => {
    if (isSigningOut()) return;
    if (decision.kind === 'sign-in') {
      storeCurrentAddress();
      if (decision.expired) {
        console.log('LIKELY session expired');
        void signIn('oidc', { callbackUrl: window.location.href });
      } else {
        window.location.assign(signInAddress(window.location.href));
      }
    }
    // Back on the stored address itself: it has served its purpose and must not pull the
    // user there again from the home page later.
    if (decision.kind === 'show' && status === 'authenticated' && readStoredAddress() === addressToStore(address)) {
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
