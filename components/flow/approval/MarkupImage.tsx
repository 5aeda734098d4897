import type { CSSProperties, MouseEvent } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { Markup } from '@/lib/client/flow';
import { fractionOf, type NumberedMarkup } from './markups';
import { imageUrl, type ImageRef } from './subject';

const pinBase: CSSProperties = {
  position: 'absolute',
  transform: 'translate(-50%, -50%)',
  width: 26,
  height: 26,
  borderRadius: '50%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 12,
  fontWeight: 700,
  color: '#fff',
  border: '2px solid #fff',
  boxShadow: '0 0 0 1px rgba(0,0,0,.45), 0 1px 3px rgba(0,0,0,.4)',
  lineHeight: 1,
};

/** A numbered pin on the spot it was placed (a click on it does not place another). */
function Pin({ n, markup, color, testId }: { n: number; markup: Markup; color: string; testId: string }) {
  return (
    <span
      style={{ ...pinBase, left: `${markup.x * 100}%`, top: `${markup.y * 100}%`, background: color }}
      title={markup.note}
      data-testid={testId}
      data-n={n}
      onClick={(e) => e.stopPropagation()}
    >
      {n}
    </span>
  );
}

export interface DraftPins {
  /** Pins being added now, with the number each will carry. */
  pins: { n: number; index: number; markup: Markup }[];
  onAdd(x: number, y: number): void;
}

/**
 * One submitted image, large, with the pins of past reviews drawn as numbered markers on the
 * spot they were placed. With `draft`, a click on the image adds a new pin there.
 */
export function MarkupImage({
  image,
  index,
  past,
  draft,
  width = 1080,
}: {
  image: ImageRef;
  index: number;
  past: NumberedMarkup[];
  draft?: DraftPins;
  width?: number;
}) {
  const { t } = useTranslation('approval');
  const add = (event: MouseEvent<HTMLDivElement>) => {
    if (!draft) return;
    const { x, y } = fractionOf(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    draft.onAdd(x, y);
  };
  return (
    <figure className="mb-3" data-testid={`markup-figure-${index}`}>
      <div
        className="position-relative d-inline-block border rounded overflow-hidden bg-light"
        style={{ cursor: draft ? 'crosshair' : 'default', maxWidth: '100%' }}
        onClick={add}
        data-testid={`markup-image-${index}`}
        data-hash={image.hash}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path */}
        <img
          src={imageUrl(image.hash, width)}
          alt={image.name ?? t('image.alt', { n: index + 1 })}
          className="d-block"
          style={{ maxWidth: '100%', height: 'auto', userSelect: 'none' }}
          draggable={false}
        />
        {past.map(({ n, markup }) => (
          <Pin key={`past-${n}`} n={n} markup={markup} color="#0d6efd" testId="markup-pin" />
        ))}
        {draft?.pins.map(({ n, markup }) => (
          <Pin key={`new-${n}`} n={n} markup={markup} color="#dc3545" testId="markup-new-pin" />
        ))}
      </div>
      {draft && <figcaption className="small text-muted mt-1">{t('markup.clickToAdd')}</figcaption>}
    </figure>
  );
}
