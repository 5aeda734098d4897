import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { DesignerSections } from './DesignerSections';
import { useDesigner } from './use-designer';

/** /designer/[id]: any signed-in user reads a designer's page; the owner also sees Edit. */
export function DesignerView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer-profile');
  const { lang } = useShell();
  const router = useRouter();
  const id = typeof router.query.id === 'string' ? router.query.id : null;
  const { data: designer, isLoading } = useDesigner(id);

  if (isLoading || (!designer && designer !== null)) {
    return <Spinner animation="border" size="sm" data-testid="designer-loading" />;
  }
  if (!designer) {
    return (
      <Alert variant="warning" data-testid="designer-not-found">
        {t('view.notFound')}
      </Alert>
    );
  }
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <DesignerSections
        designer={designer}
        actions={
          designer.mine ? (
            <Link
              href={{ pathname: `/${lang}/designer/profile`, query: { edit: '1' } }}
              className="btn btn-outline-primary btn-sm text-nowrap"
              data-testid="designer-edit"
            >
              {t('view.edit')}
            </Link>
          ) : undefined
        }
      />
    </>
  );
}
