import type { Db } from '../db/client';
import type { Viewer } from '../entities/viewer';
import { nameQueueItems, reviewQueue } from '../flow/review-queue';
import type { Subject } from '../flow/types';
import { HOME_ITEMS, type HomeSection } from './types';

const SUBJECTS: Subject[] = ['ip', 'usage', 'license', 'product', 'sales', 'invoice'];

/** Where each pending review is decided; a designer's product review is on the designer's own page. */
function hrefOf(subject: Subject, group: string): string {
  switch (subject) {
    case 'ip':
      return '/holder/approve/ip';
    case 'usage':
      return '/holder/approve/ip?tab=usages';
    case 'license':
      return '/holder/approve/license';
    case 'product':
      return group === 'designer' ? '/designer/product' : '/holder/approve/product';
    case 'sales':
      return '/holder/sales';
    default:
      return '/holder/invoice';
  }
}

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
      href: hrefOf(item.review.subjectType, item.review.group),
      kind: item.review.subjectType,
      state: item.overdue ? 'overdue' : undefined,
      deadline: item.deadline.toISOString(),
    })),
  };
}
