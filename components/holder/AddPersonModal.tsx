import { useEffect, useState, type FormEvent } from 'react';
import { useShell } from '@/lib/client/settings-context';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
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
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<UserHit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hits = useUserSearch(query);

  // A short pause after typing before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const reset = () => {
    setText('');
    setQuery('');
    setSelected(null);
    setError(null);
    setPending(false);
  };

  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setError(t('profile.pickSomeone'));
      return;
    }
    setPending(true);
    setError(null);
    const problem = await onSubmit(selected);
    setPending(false);
    if (problem) {
      setError(problem);
      return;
    }
    reset();
  };

  const items = hits.data ?? [];
  return (
    <Modal show={target !== null} onHide={close} centered data-testid="add-person-dialog">
      <Form onSubmit={(e) => void submit(e)} noValidate className="modal-flex">
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('profile.addTitle', { target })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="person-search">
            <Form.Label>{t('profile.searchLabel')}</Form.Label>
            <Form.Control
              type="search"
              autoFocus
              autoComplete="off"
              value={text}
              placeholder={t('profile.searchPlaceholder')}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              isInvalid={Boolean(error)}
              disabled={pending}
              data-testid="person-search"
            />
            <Form.Control.Feedback type="invalid" data-testid="person-error">
              {error}
            </Form.Control.Feedback>
          </Form.Group>
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
                          setError(null);
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
          <Button type="submit" variant="primary" disabled={pending || !selected} data-testid="person-add-submit">
            {pending && <Spinner animation="border" size="sm" className="me-2" />}
            {t('profile.add')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
