import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { recordLink } from '../notify/record-link';
import { tell } from '../notify/tell';
import { reviewersOf } from './audience';
import { defaultHolder } from './facts';
import { KIND_OF_SUBJECT, nameRowBilingual } from '../naming/load-names';
import { renderNotice } from '../notify/notices';
import { reviewQueue } from './review-queue';
import { bindingForSubject } from './subjects';
import type { Subject } from './types';

const SUBJECTS: Subject[] = ['usage', 'ip', 'license', 'product', 'sales', 'invoice'];

/**
 * Reminds the reviewers of every item past its deadline once a day: a notification and a mail
 * per person (unless they turned overdue mail off), and the review stamped in the same
 * statement that claims it, so another server process does not send the same reminder again.
 * A decided review is no longer pending and is never reminded of.
 */
export async function remindOverdue(db: Db, now = new Date()): Promise<number> {
  const holder = await defaultHolder(db);
  // Everyone's queue: the system looks with the eyes of all groups.
  const system: Viewer = {
    sub: 'system',
    lang: 'jp',
    access: [],
    holder: true,
    admin: true,
    product: true,
    designerRole: false,
    licensees: [],
    licenseeAdmin: [],
    licenseeStaff: [],
    designers: [],
  };
  const queue = await reviewQueue(db, system, SUBJECTS, now, { allGroups: true });
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  let sent = 0;
  for (const item of queue.filter((q) => q.overdue)) {
    sent += await db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
      const claimed = await tx
        .update(reviews)
        .set({ reminded_at: now })
        .where(
          and(
            eq(reviews.key, item.review.key),
            eq(reviews.state, 'pending'),
            or(isNull(reviews.reminded_at), lt(reviews.reminded_at, dayAgo)),
          ),
        )
        .returning({ key: reviews.key });
      if (!claimed.length) return 0;
      const binding = bindingForSubject(item.review.subjectType);
      const people = await reviewersOf(tx, holder, binding, item.subject, [item.review.group]);
      const names = await nameRowBilingual(tx, KIND_OF_SUBJECT[binding.subject], item.subject);
      const told = await tell(tx, {
        people,
        notice: (lang) =>
          renderNotice('flow.overdue', lang, {
            record: names[lang],
            groups: [item.review.group],
            days: item.waitingDays,
            deadline: item.deadline,
          }),
        link: recordLink(binding.subject, item.subject, 'reviewer', { designerReviewer: item.review.group === 'designer' }),
        mail: 'overdue',
      });
      return told.notified;
    });
  }
  return sent;
}
