import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { thumbnailUrl } from '@/lib/client/files';

interface IpImageProps {
  hash: string | undefined;
  alt: string;
  width: number;
  height: number;
  /** Secondary IPs keep their files private: they go through the access-checked route. */
  isPublic: boolean;
  className?: string;
  /** The first screen's images: fetched at once and first, as they are the page's largest paint. */
  priority?: boolean;
}

/** An IP image resized by the site's image path, or a neutral placeholder when there is none or it cannot be shown. */
export function IpImage({ hash, alt, width, height, isPublic, className, priority = false }: IpImageProps) {
  const { t } = useTranslation('designer');
  const [broken, setBroken] = useState(false);
  if (!hash || broken) {
    return (
      <div
        className={`d-flex align-items-center justify-content-center bg-body-secondary text-secondary ${className ?? ''}`}
        style={{ width: '100%', aspectRatio: `${width} / ${height}` }}
        role="img"
        aria-label={t('card.noImage')}
        data-testid="ip-card-placeholder"
      >
        <svg width={32} height={32} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
          <path d="M6.002 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0" />
          <path d="M2.002 1a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2zm12 1a1 1 0 0 1 1 1v6.5l-3.777-1.947a.5.5 0 0 0-.577.093l-3.71 3.71-2.66-1.772a.5.5 0 0 0-.63.062L1.002 12V3a1 1 0 0 1 1-1z" />
        </svg>
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path
    <img
      src={thumbnailUrl(hash, width * 2, isPublic)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
      style={{ width: '100%', aspectRatio: `${width} / ${height}`, objectFit: 'cover' }}
      onError={() => setBroken(true)}
      data-testid="ip-card-image"
    />
  );
}
