import type { Db } from '../db/client';
import type { Viewer } from '../entities/viewer';
import { nameQueueItems, reviewQueue } from '../flow/review-queue';
import type { Subject } from '../flow/types';
import { recordLink } from '../notify/record-link';
import { HOME_ITEMS, type HomeSection } from './types';

const SUBJECTS: Subject[] = ['ip', 'usage', 'license', 'product', 'sales', 'invoice'];

/** Reviews whose turn is the caller's (approver groups, the holder role, the designer of a product's IP). */
export async function reviewsSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.holder && viewer.designers.length === 0 && !viewer.designerRole) return null;
  const queue = await reviewQueue(db, viewer, SUBJECTS);
  const shown = await nameQueueItems(db, queue.slice(0, HOME_ITEMS), viewer.lang);
  return {
    id: 'reviews',
    count: queue.length,
    items: shown.map((item) => ({
      label: item.name.label,
      // The item itself on the page where it is decided (a designer's product review on the designer's own page).
      href: recordLink(item.review.subjectType, item.subject, 'reviewer', { designerReviewer: item.review.group === 'designer' }),
      kind: item.review.subjectType,
      state: item.overdue ? 'overdue' : undefined,
      deadline: item.deadline.toISOString(),
    })),
  };
}
