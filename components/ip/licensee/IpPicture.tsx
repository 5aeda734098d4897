import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { imagesOf, type Row } from '@/components/flow/approval/subject';
import { thumbnailUrl } from '@/lib/client/files';

/**
 * An IP's first image. Primary IP images are public files; a secondary IP's images are private to
 * its designer and the holder, so a licensee sees the neutral placeholder when it cannot load.
 */
export function IpPicture({ ip, height, rounded }: { ip: Row; height: number; rounded?: boolean }) {
  const { t } = useTranslation('licensee');
  const [failed, setFailed] = useState(false);
  const image = imagesOf(ip)[0];
  const style = { height, width: '100%', objectFit: 'cover' as const };
  if (!image || failed) {
    return (
      <div
        className={`d-flex align-items-center justify-content-center bg-body-secondary text-secondary small ${rounded ? 'rounded' : 'card-img-top'}`}
        style={{ height }}
        role="img"
        aria-label={t('gallery.noImage')}
        data-testid="ip-picture-placeholder"
      >
        {t('gallery.noImage')}
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path
    <img
      src={thumbnailUrl(image.hash, 480, ip.kind === 'primary')}
      alt={String(ip.name ?? '')}
      className={rounded ? 'rounded border' : 'card-img-top'}
      style={style}
      loading="lazy"
      onError={() => setFailed(true)}
      data-testid="ip-picture"
    />
  );
}
