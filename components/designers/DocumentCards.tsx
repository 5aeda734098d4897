import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'next-i18next/pages';
import { thumbnailUrl } from '@/lib/client/files';
import type { DesignerDocument } from './types';

/** SPEC §9: document cards are 450×150. */
export const DOCUMENT_CARD = { width: 450, height: 150 } as const;

/** Where the file itself opens: public files for profiles, the private store for applications. */
export function fileUrl(hash: string, isPublic: boolean): string {
  return isPublic ? `/api/core/public/fetch/${hash}` : `/api/files/${hash}`;
}

function DocumentCard({ doc, isPublic }: { doc: DesignerDocument; isPublic: boolean }) {
  const { t } = useTranslation('designer-profile');
  const [failed, setFailed] = useState(false);
  return (
    <Card
      className="flex-row overflow-hidden"
      style={{ width: DOCUMENT_CARD.width, height: DOCUMENT_CARD.height, maxWidth: '100%' }}
      data-testid="document-card"
    >
      <a
        href={fileUrl(doc.image, isPublic)}
        target="_blank"
        rel="noreferrer"
        className="flex-shrink-0 bg-light d-flex align-items-center justify-content-center border-end"
        style={{ width: DOCUMENT_CARD.height, height: DOCUMENT_CARD.height }}
      >
        {failed ? (
          <span className="small text-muted text-center px-2">{t('documents.file')}</span>
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path
          <img
            src={thumbnailUrl(doc.image, 384, isPublic)}
            alt={doc.desc}
            width={DOCUMENT_CARD.height}
            height={DOCUMENT_CARD.height}
            style={{ objectFit: 'cover' }}
            onError={() => setFailed(true)}
          />
        )}
      </a>
      <Card.Body className="overflow-auto small" style={{ whiteSpace: 'pre-wrap' }} data-testid="document-desc">
        {doc.desc || <span className="text-muted">{t('view.none')}</span>}
      </Card.Body>
    </Card>
  );
}

export function DocumentCards({ documents, isPublic = true }: { documents: DesignerDocument[]; isPublic?: boolean }) {
  const { t } = useTranslation('designer-profile');
  if (documents.length === 0) return <p className="text-muted mb-0">{t('documents.empty')}</p>;
  return (
    <div className="d-flex flex-wrap gap-3">
      {documents.map((doc, index) => (
        <DocumentCard key={`${doc.image}-${index}`} doc={doc} isPublic={isPublic} />
      ))}
    </div>
  );
}
