import { nameQueueItems, queueItems, reviewerGroups } from '../flow/review-queue';
import { queueJson, queueReadsOf, type QueueAnswer } from '../flow/queue-reads';
import type { Subject } from '../flow/types';
import { recordLink } from '../notify/record-link';
import { ownsDesigner, type HomeContext } from './context';
import { HOME_ITEMS, type HomePart } from './types';

const SUBJECTS: Subject[] = ['ip', 'usage', 'license', 'product', 'sales', 'invoice'];

/** Reviews whose turn is the caller's (approver groups, the holder role, the designer of a product's IP). */
export function reviewsPart(ctx: HomeContext): HomePart<QueueAnswer> | null {
  const { viewer } = ctx;
  if (!viewer.holder && !viewer.designerRole && !ctx.designers) return null;
  return {
    id: 'reviews',
    json: queueJson(SUBJECTS, reviewerGroups(ctx.holder, viewer), viewer.sub),
    // Someone who is neither holder staff nor a designer reviews only as a designer record's owner.
    present: viewer.holder || viewer.designerRole ? undefined : ownsDesigner(ctx),
    finish: (answer) => {
      const queue = queueItems(queueReadsOf(answer), ctx.holder, ctx.now);
      const shown = nameQueueItems(queue.slice(0, HOME_ITEMS), viewer.lang);
      return {
        id: 'reviews',
        count: queue.length,
        items: shown.map((item) => ({
          label: item.name.label,
          // The item itself on the page where it is decided (a designer's product review on the designer's own page).
          href: recordLink(item.review.subjectType, item.subject, 'reviewer', {
            designerReviewer: item.review.group === 'designer',
          }),
          kind: item.review.subjectType,
          state: item.overdue ? 'overdue' : undefined,
          deadline: item.deadline.toISOString(),
        })),
      };
    },
  };
}
