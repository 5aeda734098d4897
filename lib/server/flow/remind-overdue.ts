import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import { notifications } from '../db/schema';
import type { Viewer } from '../entities/viewer';
import { newKey } from '../keys';
import { languagesOf, reviewersOf } from './audience';
import { defaultHolder } from './facts';
import { KIND_OF_SUBJECT, nameRowBilingual } from '../naming/load-names';
import { renderNotice } from '../notify/notices';
import { reviewQueue } from './review-queue';
import { bindingForSubject } from './subjects';
import type { Subject } from './types';

const SUBJECTS: Subject[] = ['usage', 'ip', 'license', 'product', 'sales', 'invoice'];

/**
 * Reminds the reviewers of every overdue item once a day: a notification per person, and the
 * review stamped so another server process does not send the same reminder again.
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
    const claimed = await db
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
    if (!claimed.length) continue;
    const binding = bindingForSubject(item.review.subjectType);
    const people = await reviewersOf(db, holder, binding, item.subject, [item.review.group]);
    const langs = await languagesOf(db, people);
    const names = await nameRowBilingual(db, KIND_OF_SUBJECT[binding.subject], item.subject);
    const rows = people.map((sub) => {
      const lang = langs.get(sub) ?? 'jp';
      const notice = renderNotice('flow.overdue', lang, {
        record: names[lang],
        groups: [item.review.group],
        days: item.waitingDays,
      });
      return { key: newKey(), target: sub, ...notice };
    });
    if (rows.length) await db.insert(notifications).values(rows);
    sent += rows.length;
  }
  return sent;
}
