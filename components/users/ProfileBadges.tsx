import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import { useShell } from '@/lib/client/settings-context';
import { badgesOf } from '@/lib/profile/badges';
import { useBadgeFacts } from './profile-api';

/** The badges of SPEC §6, from the session's access entries (read fresh at every session refresh). */
export function ProfileBadges() {
  const { t } = useTranslation('profile');
  const { settings } = useShell();
  const { data: session } = useSession();
  const facts = useBadgeFacts();
  const badges = badgesOf({
    access: session?.user.access ?? [],
    client: settings.aclClient,
    product: settings.productKey,
    approver: facts.data?.approver,
    designerRole: facts.data?.designerRole,
  });
  return (
    <div className="d-flex flex-wrap gap-2" data-testid="profile-badges" data-ready={facts.data ? 'true' : 'false'}>
      {badges.length === 0 ? (
        <span className="text-muted small">{t('badges.none')}</span>
      ) : (
        badges.map((badge) => (
          <Badge key={badge} bg="info" text="dark" className="fs-6 fw-normal" data-testid="profile-badge" data-badge={badge}>
            {t(`badges.${badge}`, { product: settings.productName })}
          </Badge>
        ))
      )}
    </div>
  );
}
