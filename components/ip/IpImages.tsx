import type { ReactNode } from 'react';
import { thumbnailUrl } from '@/lib/client/files';
import type { IpImage } from './types';

/** An IP's images as a grid of thumbnails, each opening the original in a new tab. */
export function IpImages({
  images,
  name,
  size = 128,
  empty,
  className = '',
  testId = 'ip-detail-images',
}: {
  images: IpImage[];
  name: string;
  /** The thumbnails' width and height in CSS pixels (fetched at twice that). */
  size?: number;
  /** What is said when there is no image. */
  empty?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`d-flex flex-wrap gap-2 ${className}`.trim()} data-testid={testId}>
      {images.length === 0 && empty && <span className="text-muted small">{empty}</span>}
      {images.map((image) => (
        <a
          key={image.hash}
          href={`/api/core/public/fetch/${image.hash}`}
          target="_blank"
          rel="noreferrer"
          title={image.name ?? name}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path */}
          <img
            src={thumbnailUrl(image.hash, size * 2)}
            width={size}
            height={size}
            alt={image.name ?? name}
            className="rounded border"
            style={{ objectFit: 'cover' }}
          />
        </a>
      ))}
    </div>
  );
}
