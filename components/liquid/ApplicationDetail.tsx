import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { Form } from '@/components/kit/form/Form';
import { TextField } from '@/components/kit/form/TextField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { DocumentCards } from '../designers/DocumentCards';
import { FieldSections, useFieldItems } from '../designers/FieldList';
import { issueApplication, moveApplication, type LiquidAnswer, type LiquidApplication } from './liquid-api';

type Move = 'reviewing' | 'approved' | 'rejected' | 'issued';

/** The moves of the liquid flow from each state (lib/server/flow/definitions.ts `liquid`). */
const MOVES: Record<string, Move[]> = {
  applied: ['reviewing', 'rejected'],
  reviewing: ['approved', 'rejected'],
  approved: ['issued'],
};

/**
 * The reason given with a rejection, in the confirmation dialog: a kit field checked with the
 * rule of the state change's comment; the dialog's OK reads it from `targetRef`.
 */
function CommentBox({ targetRef, label }: { targetRef: { current: string }; label: string }) {
  const form = useSchemaForm<{ comment: string }>(
    () => import('@/lib/server/liquid/inputs').then((m) => m.liquidStateInput.pick({ comment: true })),
    { comment: '' },
  );
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          targetRef.current = values.comment ?? '';
        },
      }),
    [form, targetRef],
  );
  return (
    <Form form={form} onSubmit={() => undefined}>
      <TextField name="comment" label={label} rows={3} maxLength={2000} className="mb-0" testId="liquid-comment-input" />
    </Form>
  );
}

/** One application for staff: who, the profile and documents, and the next moves with confirmations. */
export function ApplicationDetail({
  application,
  onMoved,
}: {
  application: LiquidApplication;
  onMoved(state: LiquidApplication['state']): void;
}) {
  const { t } = useTranslation('liquid');
  const { t: tp } = useTranslation('designer-profile');
  const { t: tf } = useTranslation('flow');
  const items = useFieldItems();
  const { lang } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const commentRef = useRef('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const profile = application.profile as Record<string, string | Record<string, string> | undefined>;
  const text = (field: string) => (typeof profile[field] === 'string' ? (profile[field] as string) : '');
  const part = (field: string, sub: string) => {
    const value = profile[field];
    return value && typeof value === 'object' ? (value[sub] ?? '') : '';
  };

  const run = async (move: Move) => {
    commentRef.current = '';
    const title = t(`actions.${move}`);
    const ok =
      move === 'rejected'
        ? await dialogs.form(title, <CommentBox targetRef={commentRef} label={t('actions.rejectReason')} />)
        : await dialogs.confirm(title, t(`confirm.${move}`, { name: text('creator_name') }));
    if (!ok) return;
    setPending(true);
    setProblem(null);
    dialogs.waiting(true);
    let answer: LiquidAnswer<LiquidApplication>;
    try {
      answer =
        move === 'issued'
          ? await issueApplication(application.key, session?.accessToken)
          : await moveApplication(application.key, move, commentRef.current, session?.accessToken);
    } finally {
      dialogs.waiting(false);
      setPending(false);
    }
    if (answer.status === 0 && answer.data) onMoved(answer.data.state);
    else setProblem(Object.values(answer.errors)[0] ?? answer.message ?? t('actions.failed'));
  };

  const fullName = (lang === 'jp' ? [part('name', 'last'), part('name', 'first')] : [part('name', 'first'), part('name', 'last')])
    .filter(Boolean)
    .join(' ');

  return (
    <Card data-testid="liquid-detail" data-key={application.key} data-state={application.state}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0 me-2">{text('creator_name')}</h2>
        <Badge bg={application.role === 'corporate' ? 'info' : 'secondary'}>{tp(`role.${application.role}`)}</Badge>
        <Badge bg={stateVariant(application.state)} data-testid="liquid-detail-state">
          {tf(`state.${application.state}`)}
        </Badge>
        <span className="ms-auto small text-muted">{t('list.appliedAt', { time: formatDateTime(application.dateCreated) })}</span>
      </Card.Header>
      <Card.Body>
        <p className="small mb-3">
          {t('detail.applicant', { name: application.applicant_name || '—', email: application.applicant_email || '—' })}
        </p>
        <FieldSections
          sections={[
            {
              title: tp('sections.basic'),
              testId: 'liquid-detail-basic',
              items: items([
                ['name', fullName],
                ['cat', text('cat')],
                ['pr', text('pr')],
                ['desc', text('desc')],
              ]),
            },
            {
              title: tp('sections.contact'),
              testId: 'liquid-detail-contact',
              items: [
                ...items([
                  ['email', text('email')],
                  ['tel', text('tel')],
                  ['location', text('location')],
                ]),
                {
                  id: 'address',
                  label: tp('fields.city'),
                  value: [part('address', 'city'), part('address', 'country')].filter(Boolean).join(', '),
                },
              ],
            },
            application.role === 'corporate' && {
              title: tp('sections.corporate'),
              testId: 'liquid-detail-corporate',
              items: items([
                ['corporate_name', text('corporate_name')],
                ['br', text('br')],
                ['responsible_person', text('responsible_person')],
                ['invno', text('invno')],
              ]),
            },
          ]}
        />
        <h3 className="h6">{tp('sections.documents')}</h3>
        <div className="mb-3" data-testid="liquid-detail-documents">
          <DocumentCards documents={application.documents} isPublic={false} />
        </div>
        {application.comment && (
          <Alert variant="secondary" className="py-2" data-testid="liquid-detail-comment">
            <strong className="me-2">{t('status.comment')}</strong>
            <span style={{ whiteSpace: 'pre-wrap' }}>{application.comment}</span>
          </Alert>
        )}
        {application.designer && (
          <p>
            <Link href={`/${lang}/designer/${application.designer}`} data-testid="liquid-detail-designer">
              {t('detail.openDesigner')}
            </Link>
          </p>
        )}
        {problem && (
          <Alert variant="danger" className="py-2" data-testid="liquid-detail-problem">
            {problem}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2">
          {(MOVES[application.state] ?? []).map((move) => (
            <Button
              key={move}
              variant={move === 'rejected' ? 'outline-danger' : 'primary'}
              disabled={pending}
              onClick={() => void run(move)}
              data-testid={`liquid-action-${move}`}
            >
              {t(`actions.${move}`)}
            </Button>
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}
