import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { TagBadge } from '@/components/tags/TagBadge';
import { tagName } from '@/components/ip/data';
import type { TagRecord } from '@/components/ip/types';
import { useShell } from '@/lib/client/settings-context';
import { truncate } from '@/lib/format/truncate';
import type { Row } from './data';
import { IpImage } from './IpImage';
import { Reference } from '@/components/refs/RecordSearch';

interface IpCardProps {
  ip: Row;
  tags: Map<string, TagRecord>;
  isPublic: boolean;
  /** Under the name: the designer, a permit state, … */
  children?: ReactNode;
  footer?: ReactNode;
  /** One of the cards on the first screen (its image loads first). */
  priority?: boolean;
}

/** One IP in a gallery: first image, name, tags in their colours. */
export function IpCard({ ip, tags, isPublic, children, footer, priority }: IpCardProps) {
  const { lang } = useShell();
  const images = Array.isArray(ip.images) ? (ip.images as { hash?: string }[]) : [];
  const name = String(ip.name ?? '');
  const tagKeys = Array.isArray(ip.tags) ? (ip.tags as string[]) : [];
  return (
    <Card className="h-100 shadow-sm" data-testid="ip-card" data-key={String(ip.key)}>
      <IpImage
        hash={images[0]?.hash}
        alt={name}
        width={320}
        height={200}
        isPublic={isPublic}
        className="card-img-top"
        priority={priority}
      />
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" className="h6 mb-0 text-break" title={name} data-testid="ip-card-name">
          {truncate(name, 60)}
        </Card.Title>
        <div className="small text-muted">
          <Reference value={ip.reference} />
        </div>
        {tagKeys.length > 0 && (
          <div className="d-flex flex-wrap gap-1" data-testid="ip-card-tags">
            {tagKeys.map((key) => {
              const tag = tags.get(key);
              return tag ? <TagBadge key={key} color={tag.color} label={tagName(tag, lang)} testId="ip-card-tag" /> : null;
            })}
          </div>
        )}
        {children}
      </Card.Body>
      {footer && <Card.Footer className="bg-transparent border-0 pt-0">{footer}</Card.Footer>}
    </Card>
  );
}
