import { useTranslation } from 'next-i18next/pages';
import { thumbnailUrl } from '@/lib/client/files';
import type { IpImage } from './types';

interface IpThumbnailProps {
  image: IpImage | undefined;
  alt: string;
  size?: number;
  /** A primary IP's images are public; a secondary IP's are read through the access-checked path. */
  isPublic?: boolean;
}

/** The IP's first image, resized by the image path, or a neutral placeholder. */
export function IpThumbnail({ image, alt, size = 48, isPublic = true }: IpThumbnailProps) {
  const { t } = useTranslation('holder-ip');
  if (!image) {
    return (
      <span
        className="d-inline-flex align-items-center justify-content-center rounded border bg-body-secondary text-secondary"
        style={{ width: size, height: size }}
        role="img"
        aria-label={t('list.noImage')}
        data-testid="ip-thumbnail-placeholder"
      >
        <svg width={size / 2} height={size / 2} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
          <path d="M6.002 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0" />
          <path d="M2.002 1a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2zm12 1a1 1 0 0 1 1 1v6.5l-3.777-1.947a.5.5 0 0 0-.577.093l-3.71 3.71-2.66-1.772a.5.5 0 0 0-.63.062L1.002 12V3a1 1 0 0 1 1-1z" />
        </svg>
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path
    <img
      src={thumbnailUrl(image.hash, size * 2, isPublic)}
      width={size}
      height={size}
      alt={alt}
      loading="lazy"
      className="rounded border"
      style={{ objectFit: 'cover' }}
      data-testid="ip-thumbnail"
    />
  );
}
