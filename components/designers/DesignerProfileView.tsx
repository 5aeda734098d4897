import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { NoDesignerProfile } from '@/components/ip/designer/NoDesignerProfile';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { DesignerEditForm } from './DesignerEditForm';
import { DesignerSections } from './DesignerSections';
import { useOwnDesigner } from './use-designer';

/**
 * /designer/profile: the signed-in designer's own record. None yet: the create form. Otherwise
 * the view page's content with Edit (opened directly by ?edit=1 from the view page).
 */
export function DesignerProfileView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer-profile');
  const router = useRouter();
  const { data: designer, error, isLoading, mutate } = useOwnDesigner();
  const [editing, setEditing] = useState<boolean | null>(null);
  const [saved, setSaved] = useState<{ pendingEmail?: string } | null>(null);
  const isEditing = editing ?? router.query.edit === '1';

  const stopEditing = () => {
    setEditing(false);
    if (router.query.edit)
      void router.replace({ pathname: router.pathname, query: { lang: router.query.lang } }, undefined, { shallow: true });
  };

  let body;
  if (error) body = <Alert variant="danger">{t('view.loadFailed')}</Alert>;
  else if (isLoading || designer === undefined) body = <Spinner animation="border" size="sm" data-testid="designer-loading" />;
  else if (designer === null) body = <NoDesignerProfile />;
  else if (isEditing)
    body = (
      <DesignerEditForm
        key={`${designer.key}-${designer.version}`}
        designer={designer}
        onCancel={stopEditing}
        onSaved={(record) => {
          setSaved({ pendingEmail: record?.pending_verification?.email });
          stopEditing();
          void mutate();
        }}
      />
    );
  else
    body = (
      <>
        {saved && (
          <Alert variant="success" dismissible onClose={() => setSaved(null)} data-testid="designer-saved">
            {saved.pendingEmail ? t('edit.savedPending', { email: saved.pendingEmail }) : t('edit.saved')}
          </Alert>
        )}
        <DesignerSections
          designer={designer}
          actions={
            designer.mine ? (
              <Button
                variant="outline-primary"
                size="sm"
                className="text-nowrap"
                onClick={() => {
                  setSaved(null);
                  setEditing(true);
                }}
                data-testid="designer-edit"
              >
                {t('view.edit')}
              </Button>
            ) : undefined
          }
        />
      </>
    );

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      {body}
    </>
  );
}
