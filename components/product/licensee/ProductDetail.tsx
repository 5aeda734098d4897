import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { MarkupImage } from '@/components/flow/approval/MarkupImage';
import { numberMarkups } from '@/components/flow/approval/markups';
import { ReviewRounds } from '@/components/flow/approval/ReviewHistory';
import { formatDay, formatMoney, imagesOf, text, type Row } from '@/components/flow/approval/subject';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { takeStep, useHistory, useRecordActions } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { ProductQr } from '@/components/credentials/ProductQr';
import { ProductForm } from './ProductForm';
import { licenseStateVariant } from '../../license/states';
import { Reference } from '@/components/refs/RecordSearch';

/** States in which the organisation may still change its product (lib/server/entities/policy.ts). */
const EDITABLE = ['draft', 'changes_requested'];

/**
 * One product: its details and images with the reviewers' pins, every review round with comments,
 * and what the organisation may do now (edit, submit, revise or resubmit).
 */
export function ProductDetail({
  product,
  licenses,
  ipName,
  ipNames,
  onClose,
  onChanged,
}: {
  product: Row;
  licenses: Row[];
  ipName: string;
  ipNames: Map<string, string>;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation('licensee');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const key = text(product.key);
  const state = text(product.state);
  const { data: history, isLoading, mutate } = useHistory('Product', key);
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The steps the server says this person may take now (an organisation's designer member has none).
  const { data: offer, mutate: reloadActions } = useRecordActions('Product', key);
  const steps = (offer?.state === state ? offer.actions : []).map((a) => a.action);
  const pins = numberMarkups(history?.reviews ?? []);

  const take = async (action: string) => {
    if (!(await dialogs.confirm(t(`detail.step.${action}`), t(`detail.confirm.${action}`)))) return;
    setPending(true);
    setProblem(null);
    const answer = await takeStep('Product', key, action, undefined, session?.accessToken);
    setPending(false);
    if (answer.status !== 0) {
      setProblem(answer.message ?? (Object.values(answer.errors).join(' ') || t('detail.stepFailed')));
      return;
    }
    onChanged();
    void mutate();
    void reloadActions();
  };

  return (
    <Modal show onHide={onClose} size="xl" data-testid="product-detail">
      <Modal.Header closeButton>
        <Modal.Title className="h5">
          <Reference value={product.reference} /> {text(product.name)}
          <Badge bg={licenseStateVariant(state)} className="ms-2 align-middle" data-testid="product-detail-state">
            {tf(`state.${state}`)}
          </Badge>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {state === 'approved' && (
          <Alert variant="success" className="py-2 small" data-testid="product-approved-note">
            {t('product.approvedNote')}
          </Alert>
        )}
        {state === 'approved' && <ProductQr productKey={key} />}
        {state === 'changes_requested' && (
          <Alert variant="warning" className="py-2 small" data-testid="product-changes-note">
            {t('product.changesNote')}
          </Alert>
        )}
        {editing ? (
          <ProductForm
            licenses={licenses}
            ipNames={ipNames}
            record={product}
            onSaved={() => {
              setEditing(false);
              onChanged();
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <dl className="row small">
              <dt className="col-sm-3">{t('list.ip')}</dt>
              <dd className="col-sm-9">{ipName}</dd>
              <dt className="col-sm-3">{t('product.sku')}</dt>
              <dd className="col-sm-9">{text(product.sku)}</dd>
              <dt className="col-sm-3">{t('product.category')}</dt>
              <dd className="col-sm-9">{text(product.category)}</dd>
              <dt className="col-sm-3">{t('product.price')}</dt>
              <dd className="col-sm-9">{formatMoney(product.price, product.currency, lang)}</dd>
              <dt className="col-sm-3">{t('product.plannedLaunch')}</dt>
              <dd className="col-sm-9">{formatDay(product.planned_launch)}</dd>
            </dl>
            {imagesOf(product).map((image, index) => (
              <MarkupImage
                key={image.hash}
                image={image}
                index={index}
                past={pins.filter((m) => m.markup.image === image.hash)}
                width={720}
              />
            ))}
            <div className="d-flex flex-wrap gap-2 mb-3" data-testid="product-steps">
              {EDITABLE.includes(state) && (
                <Button variant="outline-primary" onClick={() => setEditing(true)} data-testid="product-edit">
                  {t('product.edit')}
                </Button>
              )}
              {steps.map((action) => (
                <Button
                  key={action}
                  variant={action === 'revise' ? 'outline-secondary' : 'primary'}
                  disabled={pending}
                  onClick={() => void take(action)}
                  data-testid={`product-step-${action}`}
                >
                  {t(`detail.step.${action}`)}
                </Button>
              ))}
            </div>
          </>
        )}
        {problem && (
          <Alert variant="danger" className="py-2" data-testid="product-step-error">
            {problem}
          </Alert>
        )}
        <h2 className="h6 mt-3">{t('detail.reviews')}</h2>
        {isLoading ? <Spinner animation="border" size="sm" /> : <ReviewRounds reviews={history?.reviews ?? []} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
