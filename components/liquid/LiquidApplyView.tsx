import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { useShell } from '@/lib/client/settings-context';
import { ApplicationStatus } from './ApplicationStatus';
import { LiquidApplyForm } from './LiquidApplyForm';
import { useMyApplication } from './liquid-api';

/** /apply: a signed-in user applies to become a designer and follows the application. */
export function LiquidApplyView({ title }: ScreenViewProps) {
  const { t } = useTranslation('liquid');
  const { settings, lang } = useShell();
  const { data: session } = useSession();
  const { data: application, error, isLoading, mutate } = useMyApplication();
  const designerList = accessLists({ client: settings.aclClient, product: settings.productKey }).designer;
  const isDesigner = hasAccess(designerList, session?.user.access ?? []);

  let body;
  if (error) body = <Alert variant="danger">{t('loadFailed')}</Alert>;
  else if (isLoading || application === undefined) body = <Spinner animation="border" size="sm" />;
  else if (isDesigner && (!application || application.state !== 'issued'))
    body = (
      <Alert variant="info" data-testid="liquid-already-designer">
        {t('alreadyDesigner')}{' '}
        <Link href={`/${lang}/designer/profile`} className="alert-link">
          {t('status.openProfile')}
        </Link>
      </Alert>
    );
  else
    body = (
      <>
        {application && <ApplicationStatus application={application} isDesigner={isDesigner} />}
        {(!application || application.state === 'rejected') && <LiquidApplyForm onApplied={() => void mutate()} />}
      </>
    );

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      {body}
    </>
  );
}
