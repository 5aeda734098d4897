import { thumbnailUrl } from '@/lib/client/files';
import type { IpImage } from '../types';

/** An IP's images as a grid of thumbnails, each opening the original in a new tab. */
export function IpImages({ images, name }: { images: IpImage[]; name: string }) {
  return (
    <div className="d-flex flex-wrap gap-2" data-testid="ip-detail-images">
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
            src={thumbnailUrl(image.hash, 256)}
            width={128}
            height={128}
            alt={image.name ?? name}
            className="rounded border"
            style={{ objectFit: 'cover' }}
          />
        </a>
      ))}
    </div>
  );
}
