import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { CORPORATE_FIELDS, FIELD_PATH, type ProfileField, type ProfileValues } from './profile-values';

const LONG: readonly ProfileField[] = ['pr', 'desc', 'achievements'];
const REQUIRED: readonly ProfileField[] = ['creator_name', 'email'];
const MAX: Partial<Record<ProfileField, number>> = { pr: 2000, desc: 5000, achievements: 5000, linked: 500, email: 254 };

/** The groups of the profile form, in the order of the view page's sections. */
const GROUPS: { title: string; fields: readonly ProfileField[] }[] = [
  { title: 'sections.header', fields: ['creator_name', 'cat', 'pr'] },
  {
    title: 'sections.basic',
    fields: ['name_last', 'name_first', 'job_title', 'license', 'achievements', 'desc', 'affiliation', 'linked'],
  },
  { title: 'sections.contact', fields: ['perferred_contact', 'email', 'tel', 'fax'] },
  { title: 'sections.location', fields: ['location', 'city', 'country'] },
  { title: 'sections.corporate', fields: CORPORATE_FIELDS },
];

export const CONTACT_CHOICES = ['email', 'tel', 'fax'] as const;

/**
 * Inputs for every editable Designer field; corporate fields only for a corporate designer.
 * `prefix` is where the fields sit in the API body (`profile.` on an application).
 */
export function ProfileFields({
  values,
  onChange,
  errors,
  prefix = '',
  only,
  roleEditable = true,
  hints = {},
}: {
  values: ProfileValues;
  onChange(values: ProfileValues): void;
  errors: Record<string, string>;
  prefix?: string;
  /** Limit the form to these fields (the application form asks for fewer). */
  only?: readonly ProfileField[];
  /** The type is chosen in an application only; a profile shows it without a choice. */
  roleEditable?: boolean;
  /** A line of help under a field. */
  hints?: Partial<Record<ProfileField, string>>;
}) {
  const { t } = useTranslation('designer-profile');
  const set = (field: keyof ProfileValues, value: string) => onChange({ ...values, [field]: value });
  const errorOf = (field: ProfileField) => errors[`${prefix}${FIELD_PATH[field]}`];

  const input = (field: ProfileField) => {
    const id = `profile-${field}`;
    const common = {
      value: values[field],
      isInvalid: Boolean(errorOf(field)),
      maxLength: MAX[field] ?? 200,
      'data-testid': id,
    };
    return (
      <Form.Group as={Col} md={LONG.includes(field) ? 12 : 6} className="mb-3" controlId={id} key={field}>
        <Form.Label>
          {t(`fields.${field}`)}
          {REQUIRED.includes(field) && <span className="text-danger ms-1">*</span>}
        </Form.Label>
        {field === 'perferred_contact' ? (
          <Form.Select {...common} onChange={(e) => set(field, e.target.value)}>
            <option value="">{t('contact.unset')}</option>
            {CONTACT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`contact.${choice}`)}
              </option>
            ))}
          </Form.Select>
        ) : LONG.includes(field) ? (
          <Form.Control {...common} as="textarea" rows={3} onChange={(e) => set(field, e.target.value)} />
        ) : (
          <Form.Control
            {...common}
            type={field === 'email' ? 'email' : field === 'tel' || field === 'fax' ? 'tel' : 'text'}
            onChange={(e) => set(field, e.target.value)}
          />
        )}
        {hints[field] && (
          <Form.Text className="d-block" data-testid={`${id}-hint`}>
            {hints[field]}
          </Form.Text>
        )}
        <Form.Control.Feedback type="invalid" data-testid={`${id}-error`}>
          {errorOf(field)}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };

  return (
    <>
      {roleEditable ? (
        <Form.Group className="mb-3" controlId="profile-role">
          <Form.Label>{t('fields.role')}</Form.Label>
          <Form.Select
            value={values.role}
            onChange={(e) => onChange({ ...values, role: e.target.value === 'corporate' ? 'corporate' : 'personal' })}
            isInvalid={Boolean(errors.role)}
            data-testid="profile-role"
            style={{ maxWidth: 320 }}
          >
            <option value="personal">{t('role.personal')}</option>
            <option value="corporate">{t('role.corporate')}</option>
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.role}</Form.Control.Feedback>
        </Form.Group>
      ) : (
        <div className="mb-3" data-testid="profile-role-fixed">
          <div className="form-label mb-1">{t('fields.role')}</div>
          <div className="fw-semibold">{t(`role.${values.role}`)}</div>
          <div className="form-text">{t('edit.roleFixed')}</div>
        </div>
      )}
      {GROUPS.map((group) => {
        if (group.title === 'sections.corporate' && values.role !== 'corporate') return null;
        const fields = group.fields.filter((f) => !only || only.includes(f));
        if (fields.length === 0) return null;
        return (
          <fieldset key={group.title} className="mb-2" data-testid={`fieldset-${group.title.split('.')[1]}`}>
            <legend className="h6 border-bottom pb-1">{t(group.title)}</legend>
            <Row>{fields.map(input)}</Row>
          </fieldset>
        );
      })}
    </>
  );
}
