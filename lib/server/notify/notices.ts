import en from '../../../locales/en/flow.json';
import jp from '../../../locales/jp/flow.json';
import type { ReviewerGroup } from '../flow/types';
import { formatDay, formatPeriod, type Lang } from '../naming/format';
import type { RecordName } from '../naming/name-record';

/**
 * Every notification the platform writes by itself, by id: what happened to which record, in the
 * reader's language. The record is always named by lib/server/naming (reference, what it is
 * about, who is on the other side), so no notification can show a key. A new notification is
 * added here, and the test over every notice and every kind of record covers it.
 */
export interface NoticeVars {
  record: RecordName;
  /** The state the record moved to (flow.moved). */
  state?: string;
  /** The groups whose decision it waits for. */
  groups?: readonly ReviewerGroup[];
  /** Business days waited (flow.overdue). */
  days?: number;
  comment?: string | null;
  /** Who decided, by name (flow.changes, flow.moved after a decision). */
  decider?: string | null;
  /** When a decision is due (flow.review, flow.overdue). */
  deadline?: string | Date | null;
  /** The month a report is due for and its due day (sales.late). */
  periodStart?: string | Date;
  periodEnd?: string | Date;
  due?: string | Date;
}

export interface Notice {
  subject: string;
  content: string;
}

type Catalogue = typeof en;
const catalogues: Record<Lang, Catalogue> = { jp, en };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

function common(lang: Lang, v: NoticeVars): Record<string, string> {
  const c = catalogues[lang];
  return {
    subject: v.record.noun,
    name: v.record.label,
    group: (v.groups ?? []).map((g) => c.group[g]).join(lang === 'jp' ? '・' : ' / '),
    state: v.state ? (c.state[v.state as keyof Catalogue['state']] ?? v.state) : '',
    days: String(v.days ?? 0),
    decider: v.decider ?? '',
    deadline: v.deadline ? formatDay(v.deadline, lang) : '',
  };
}

const LATE = {
  jp: {
    subject: (period: string) => `ロイヤリティ報告の提出期限を過ぎています（${period}）`,
    body: (period: string, license: string, due: string) =>
      `ライセンス ${license} の${period}の売上報告が、期限（${due}）を過ぎても提出されていません。売上報告ページから提出してください。`,
  },
  en: {
    subject: (period: string) => `Royalty report overdue (${period})`,
    body: (period: string, license: string, due: string) =>
      `The sales report of license ${license} for ${period} was due on ${due} and has not been sent. Please send it from the sales page.`,
  },
};

export const notices = {
  /** A record moved to another state: for the people it concerns. */
  'flow.moved': (lang: Lang, v: NoticeVars): Notice => {
    const c = catalogues[lang];
    const values = common(lang, v);
    const comment = v.comment ? fill(c.notify.commentLine, { comment: v.comment }) : '';
    const body = v.decider && v.groups?.length ? c.notify.decidedBody : c.notify.movedBody;
    return {
      subject: fill(c.notify.movedSubject, values),
      content: [fill(body, values), comment].filter(Boolean).join('\n'),
    };
  },
  /** A reviewer asked for changes: for the applicant, with who asked and what they said. */
  'flow.changes': (lang: Lang, v: NoticeVars): Notice => {
    const c = catalogues[lang];
    const values = common(lang, v);
    const comment = v.comment ? fill(c.notify.commentLine, { comment: v.comment }) : '';
    return {
      subject: fill(c.notify.changesSubject, values),
      content: [fill(c.notify.changesBody, values), comment].filter(Boolean).join('\n'),
    };
  },
  /** A record waits for a decision: for its reviewers. */
  'flow.review': (lang: Lang, v: NoticeVars): Notice => {
    const c = catalogues[lang];
    const values = common(lang, v);
    const deadline = v.deadline ? fill(c.notify.deadlineLine, values) : '';
    return {
      subject: fill(c.notify.reviewSubject, values),
      content: [fill(c.notify.reviewBody, values), deadline].filter(Boolean).join('\n'),
    };
  },
  /** A decision is overdue: the daily reminder to its reviewers. */
  'flow.overdue': (lang: Lang, v: NoticeVars): Notice => {
    const c = catalogues[lang];
    const values = common(lang, v);
    return { subject: fill(c.notify.overdueSubject, values), content: fill(c.notify.overdueBody, values) };
  },
  /** A license's royalty report for a month is late: for the organisation's owners and admins. */
  'sales.late': (lang: Lang, v: NoticeVars): Notice => {
    const t = LATE[lang];
    const period = formatPeriod(v.periodStart, v.periodEnd, lang);
    return { subject: t.subject(period), content: t.body(period, v.record.label, formatDay(v.due, lang)) };
  },
} satisfies Record<string, (lang: Lang, vars: NoticeVars) => Notice>;

export type NoticeId = keyof typeof notices;

export function noticeIds(): NoticeId[] {
  return Object.keys(notices) as NoticeId[];
}

export function renderNotice(id: NoticeId, lang: Lang, vars: NoticeVars): Notice {
  return notices[id](lang, vars);
}
