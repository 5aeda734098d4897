import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useShell } from '@/lib/client/settings-context';
import { formatDay } from '@/lib/server/naming/format';
import { useHome, type HomeItem, type HomeSection } from './use-home';

function ItemLine({ item, section }: { item: HomeItem; section: HomeSection['id'] }) {
  const { t } = useTranslation(['home', 'flow']);
  const { lang } = useShell();
  const kind = item.kind
    ? t(`flow:subject.${item.kind}`, { defaultValue: t(`home:kinds.${item.kind}`, { defaultValue: item.kind }) })
    : '';
  const state = item.state
    ? t(`home:states.${item.state}`, { defaultValue: t(`flow:state.${item.state}`, { defaultValue: item.state }) })
    : '';
  const label = section === 'application' ? t('home:applicationLabel') : item.label || t('home:untitled');
  return (
    <li className="mb-1" data-testid="home-item" data-kind={item.kind ?? ''}>
      <Link href={`/${lang}${item.href}`} prefetch={false}>
        {label}
      </Link>
      {kind && <span className="text-muted small ms-2">{kind}</span>}
      {state && (
        <Badge bg={item.state === 'late' || item.state === 'overdue' ? 'danger' : 'secondary'} className="ms-2 fw-normal">
          {state}
        </Badge>
      )}
      {item.deadline && (
        <span className="small ms-2" data-testid="home-deadline">
          {t('home:deadline', { date: formatDay(item.deadline, lang) })}
        </span>
      )}
    </li>
  );
}

/** One card per thing waiting for this user, with its count and links to act on it. */
export function WaitingSections() {
  const { t } = useTranslation('home');
  const { lang } = useShell();
  const home = useHome();
  if (home.data === undefined) {
    return (
      <div className="py-3" role="status">
        <Spinner animation="border" size="sm" />
      </div>
    );
  }
  if (home.data === null) return <Alert variant="warning">{t('loadFailed')}</Alert>;
  const total = home.data.reduce((n, s) => n + s.count, 0);
  return (
    <section className="mb-4" data-testid="home-waiting" data-total={total}>
      <h2 className="h5">{t('waitingTitle')}</h2>
      {total === 0 && (
        <p className="text-muted" data-testid="home-nothing">
          {t('nothing')}
        </p>
      )}
      <div className="row g-3">
        {home.data.map((section) => (
          <div className="col-12 col-md-6 col-xl-4" key={section.id}>
            <Card
              className={`h-100 ${section.count > 0 ? 'border-primary' : ''}`}
              data-testid={`home-section-${section.id}`}
              data-count={section.count}
            >
              <Card.Body>
                <div className="d-flex justify-content-between align-items-start">
                  <Card.Title as="h3" className="h6">
                    {section.href ? (
                      <Link href={`/${lang}${section.href}`} prefetch={false}>
                        {t(`sections.${section.id}`)}
                      </Link>
                    ) : (
                      t(`sections.${section.id}`)
                    )}
                  </Card.Title>
                  <Badge
                    bg={section.count > 0 ? 'primary' : 'light'}
                    text={section.count > 0 ? undefined : 'dark'}
                    pill
                    data-testid="home-count"
                  >
                    {section.count}
                  </Badge>
                </div>
                <Card.Text className="small text-muted">{t(`hints.${section.id}`)}</Card.Text>
                {section.items.length > 0 && (
                  <ul className="list-unstyled mb-0 small">
                    {section.items.map((item, i) => (
                      <ItemLine key={`${item.href}-${i}`} item={item} section={section.id} />
                    ))}
                  </ul>
                )}
                {section.count > section.items.length && section.items.length > 0 && (
                  <div className="small text-muted mt-1">{t('more', { count: section.count - section.items.length })}</div>
                )}
              </Card.Body>
            </Card>
          </div>
        ))}
      </div>
    </section>
  );
}
