import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useShell } from '@/lib/client/settings-context';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Field } from '@/components/kit/form/Field';
import { BusyLabel } from '@/components/kit/form/BusyLabel';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextInput } from '@/components/kit/form/TextField';
import { personName, useUserSearch, type UserHit } from './holder-api';

interface AddPersonModalProps {
  /** What is being added to, e.g. "Brand approvers"; null hides the dialog. */
  target: string | null;
  /** Subs already in the list: shown, but not offered again. */
  present: readonly string[];
  /** Resolves with an error message to show under the field, or null when the person was added. */
  onSubmit: (person: UserHit) => Promise<string | null>;
  onClose: () => void;
}

/** Find a person by e-mail or name as you type, pick one, add them. */
export function AddPersonModal({ target, present, onSubmit, onClose }: AddPersonModalProps) {
  const { lang } = useShell();
  const { t } = useTranslation('holder-admin');
  const form = useForm<{ q: string }>({ defaultValues: { q: '' } });
  const text = useWatch({ control: form.control, name: 'q' });
  const { isSubmitting: pending } = form.formState;
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<UserHit | null>(null);
  const hits = useUserSearch(query);
  const { clearErrors } = form;

  // A short pause after typing before asking the server; what was said under the box goes.
  useEffect(() => {
    clearErrors('q');
    const timer = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(timer);
  }, [text, clearErrors]);

  const reset = () => {
    form.reset();
    setQuery('');
    setSelected(null);
  };

  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };

  const submit = async () => {
    if (!selected) {
      form.setError('q', { type: 'required', message: t('profile.pickSomeone') });
      return;
    }
    const problem = await onSubmit(selected);
    if (problem) form.setError('q', { type: 'server', message: problem });
    else reset();
  };

  const items = hits.data ?? [];
  return (
    <Modal show={target !== null} onHide={close} onEntered={() => form.setFocus('q')} centered data-testid="add-person-dialog">
      <Form form={form} onSubmit={submit} className="modal-flex">
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('profile.addTitle', { target })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Field name="q" label={t('profile.searchLabel')} className="mb-0" testId="person-search">
            <TextInput
              type="search"
              autoComplete="off"
              placeholder={t('profile.searchPlaceholder')}
              readOnly={pending}
              testId="person-search"
            />
          </Field>
          {selected && (
            <div className="mt-3 p-2 border rounded bg-light" data-testid="person-selected">
              <div className="small text-muted">{t('profile.selected')}</div>
              <div className="fw-semibold">{personName(selected, lang)}</div>
              <div className="small">{selected.email}</div>
            </div>
          )}
          {query.trim() && (
            <div className="mt-3">
              {hits.isLoading ? (
                <Spinner animation="border" size="sm" role="status" />
              ) : items.length === 0 ? (
                <p className="text-muted small mb-0" data-testid="person-no-hits">
                  {t('profile.noHits')}
                </p>
              ) : (
                <ListGroup role="listbox" aria-label={t('profile.searchLabel')}>
                  {items.map((hit) => {
                    const already = present.includes(hit.sub);
                    return (
                      <ListGroup.Item
                        key={hit.sub}
                        action
                        type="button"
                        role="option"
                        aria-selected={selected?.sub === hit.sub}
                        active={selected?.sub === hit.sub}
                        disabled={already || pending}
                        onClick={() => {
                          setSelected(hit);
                          form.clearErrors('q');
                        }}
                        data-testid="person-option"
                        data-email={hit.email}
                      >
                        <div className="d-flex justify-content-between gap-2">
                          <span>{personName(hit, lang)}</span>
                          {already && <span className="small">{t('profile.alreadyThere')}</span>}
                        </div>
                        <div className="small opacity-75">{hit.email}</div>
                      </ListGroup.Item>
                    );
                  })}
                </ListGroup>
              )}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {t('cancel')}
          </Button>
          <SubmitButton disabled={!selected} pending={<BusyLabel>{t('profile.add')}</BusyLabel>} testId="person-add-submit">
            {t('profile.add')}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
