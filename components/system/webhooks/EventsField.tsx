import { useTranslation } from 'next-i18next/pages';
import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';
import { useFieldControl } from '@/components/kit/form/field-context';
import { withField } from '@/components/kit/form/with-field';
import { WEBHOOK_EVENT_GROUPS } from '@/lib/server/webhooks/events';
import { stateLabel, subjectLabel } from './event-labels';

/** Check boxes of every event type, grouped by record kind; the value is the chosen types in list order. */
function EventsInput({ testId }: { testId?: string }) {
  const { t } = useTranslation(['webhooks', 'flow']);
  const { field } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const chosen = new Set<string>(Array.isArray(bound.value) ? (bound.value as string[]) : []);
  const all = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events);
  const set = (values: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const v of values) {
      if (on) next.add(v);
      else next.delete(v);
    }
    bound.onChange(all.filter((v) => next.has(v)));
  };
  return (
    <div data-testid={testId} className="row g-2">
      {WEBHOOK_EVENT_GROUPS.map((group, gi) => {
        const every = group.events.every((e) => chosen.has(e));
        return (
          <fieldset
            key={group.subject}
            className="col-12 col-md-6 col-xl-4 border rounded p-2"
            data-testid={`${testId}-group-${group.subject}`}
          >
            <legend className="fs-6 fw-semibold mb-1 float-none w-auto px-1">{subjectLabel(t, group.subject)}</legend>
            <BsForm.Check
              type="checkbox"
              id={`${field.id}-${group.subject}-all`}
              label={t('webhooks:create.allOf', { kind: subjectLabel(t, group.subject) })}
              checked={every}
              onChange={(e) => set([...group.events], e.target.checked)}
              data-testid={`${testId}-all-${group.subject}`}
            />
            {group.events.map((type, i) => (
              <BsForm.Check
                key={type}
                type="checkbox"
                id={`${field.id}-${type}`}
                name={field.name}
                label={stateLabel(t, type)}
                checked={chosen.has(type)}
                onChange={(e) => set([type], e.target.checked)}
                onBlur={bound.onBlur}
                ref={gi === 0 && i === 0 ? controlRef : undefined}
                isInvalid={field.invalid}
                data-testid={`${testId}-${type}`}
              />
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}

export const EventsField = withField(EventsInput, { group: true });
