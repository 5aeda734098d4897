import { useRouter } from 'next/router';
import { signIn, useSession } from 'next-auth/react';
import { useEffect, type ReactNode } from 'react';
import { hasAccess } from '@/lib/acl/match';
import { clearStoredAddress, readStoredAddress, storeCurrentAddress } from '@/lib/client/redirect-store';
import { decideSession, signInAddress } from '@/lib/session/redirect';
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
    if (decision.kind === 'sign-in') {
      storeCurrentAddress();
      if (decision.expired) {
        console.log('LIKELY session expired');
        void signIn('oidc', { callbackUrl: window.location.href });
      } else {
        window.location.assign(signInAddress(window.location.href));
      }
    }
    if (decision.kind === 'restore') {
      clearStoredAddress();
      void router.replace(decision.to);
    }
  }, [decision, router]);

  if (decision.kind === 'show') return <>{children}</>;
  if (decision.kind === 'denied') return <PermissionDenied />;
  return <LoadingPage />;
}
