import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { thumbnailUrl } from '@/lib/client/files';
import { displayNameOf, type DesignerRecord } from './types';

/** Display name, type, category and PR, with the photo when one is stored. */
export function DesignerHeader({ designer, actions }: { designer: DesignerRecord; actions?: ReactNode }) {
  const { t } = useTranslation('designer-profile');
  return (
    <Card className="mb-3" data-testid="designer-header">
      <Card.Body className="d-flex gap-3 align-items-start">
        {designer.photo ? (
          // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path
          <img
            src={thumbnailUrl(designer.photo, 256)}
            alt={t('view.photo')}
            width={96}
            height={96}
            className="rounded-circle border flex-shrink-0"
            style={{ objectFit: 'cover' }}
            data-testid="designer-photo"
          />
        ) : (
          <span
            className="rounded-circle bg-light border d-inline-flex align-items-center justify-content-center flex-shrink-0 fs-2 text-muted"
            style={{ width: 96, height: 96 }}
            aria-hidden
          >
            {Array.from(displayNameOf(designer))[0] ?? '?'}
          </span>
        )}
        <div className="flex-grow-1">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <h2 className="h4 mb-0" data-testid="designer-display-name">
              {displayNameOf(designer)}
            </h2>
            <Badge
              bg={designer.role === 'corporate' ? 'info' : 'secondary'}
              data-testid="designer-type"
              data-role={designer.role}
            >
              {t(`role.${designer.role}`)}
            </Badge>
            {designer.cat && (
              <Badge bg="light" text="dark" className="border" data-testid="designer-cat">
                {designer.cat}
              </Badge>
            )}
          </div>
          {designer.pr && (
            <p className="mt-2 mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="designer-pr">
              {designer.pr}
            </p>
          )}
        </div>
        {actions}
      </Card.Body>
    </Card>
  );
}
