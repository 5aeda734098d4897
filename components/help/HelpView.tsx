import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import type { HelpFlow } from '@/lib/server/help/help-props';
import { FlowDiagram } from './FlowDiagram';

interface HelpViewProps extends ScreenViewProps {
  flows: HelpFlow[];
}

function FlowSection({ flow }: { flow: HelpFlow }) {
  const { t } = useTranslation(['help', 'flow']);
  const state = (s: string) => t(`flow:state.${s}`);
  const subject = t(`flow:subject.${flow.subject}`);
  return (
    <section id={`flow-${flow.subject}`} className="help-flow mb-5" data-testid={`help-flow-${flow.subject}`}>
      <h2 className="h4">{t(`flows.${flow.subject}.title`)}</h2>
      <p>{t(`flows.${flow.subject}.body`)}</p>
      <FlowDiagram diagram={flow.diagram} title={t('diagramTitle', { subject })} />
      <div className="row mt-3">
        <div className="col-md-7">
          <h3 className="h6">{t('steps')}</h3>
          {flow.steps.length === 0 ? (
            <p className="text-muted small">{t('noSteps')}</p>
          ) : (
            <ul className="small">
              {flow.steps.map((step) => (
                <li key={step.action}>
                  <strong>
                    {t('stepLine', {
                      action: t(`action.${step.action}`),
                      from: step.from.map(state).join(' / '),
                      to: state(step.to),
                    })}
                  </strong>{' '}
                  <span className="text-muted">
                    {t('by', { actors: step.by.map((a) => t(`actor.${a}`)).join(t('listSep')) })}
                    {step.comment && ` · ${t('needsComment')}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {flow.reviews.length > 0 && (
          <div className="col-md-5">
            <h3 className="h6">{t('reviews')}</h3>
            <ul className="small">
              {flow.reviews.map((review) => (
                <li key={review.state}>
                  {t('reviewLine', {
                    state: state(review.state),
                    groups: review.groups.map((g) => t(`flow:group.${g}`)).join(t('listSep')),
                    order: t(`order.${review.order}`),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/** /help: every workflow explained, with a diagram drawn from the flow definitions themselves. */
export function HelpView({ title, flows }: HelpViewProps) {
  const { t } = useTranslation('help');
  return (
    <article data-testid="help-page">
      <h1 className="h3">{title}</h1>
      <p>{t('intro')}</p>
      <nav aria-label={t('contents')} className="mb-4">
        <h2 className="h6">{t('contents')}</h2>
        <ol className="small help-toc">
          {flows.map((flow) => (
            <li key={flow.subject}>
              <a href={`#flow-${flow.subject}`}>{t(`flows.${flow.subject}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <aside className="alert alert-light border small">
        <strong>{t('legend.title')}</strong>
        <ul className="mb-0">
          <li>{t('legend.state')}</li>
          <li>{t('legend.step')}</li>
          <li>{t('legend.review')}</li>
        </ul>
      </aside>
      {flows.map((flow) => (
        <FlowSection key={flow.subject} flow={flow} />
      ))}
    </article>
  );
}
