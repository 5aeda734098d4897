import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { SelectField } from '@/components/kit/form/SelectField';
import { TextField } from '@/components/kit/form/TextField';
import { CORPORATE_FIELDS, FIELD_PATH, type ProfileField } from './profile-values';

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
 * Kit fields for every editable Designer field of the form around them, named by where each sits
 * in the API body (`prefix` + `name.last`, so the server's messages land under their field);
 * corporate fields only for a corporate designer. The type is a field (`role`) only where it is
 * chosen, in an application.
 */
export function ProfileFields({
  role,
  prefix = '',
  only,
  roleEditable = true,
  hints = {},
}: {
  role: 'personal' | 'corporate';
  prefix?: string;
  /** Limit the form to these fields (the application form asks for fewer). */
  only?: readonly ProfileField[];
  roleEditable?: boolean;
  /** A line of help under a field. */
  hints?: Partial<Record<ProfileField, string>>;
}) {
  const { t } = useTranslation('designer-profile');

  const input = (field: ProfileField) => {
    const common = {
      name: `${prefix}${FIELD_PATH[field]}`,
      label: t(`fields.${field}`),
      required: REQUIRED.includes(field),
      help: hints[field] ? <span data-testid={`profile-${field}-hint`}>{hints[field]}</span> : undefined,
      testId: `profile-${field}`,
    };
    return (
      <Col md={LONG.includes(field) ? 12 : 6} key={field}>
        {field === 'perferred_contact' ? (
          <SelectField
            {...common}
            placeholder={t('contact.unset')}
            options={CONTACT_CHOICES.map((choice) => ({ value: choice, label: t(`contact.${choice}`) }))}
          />
        ) : (
          <TextField
            {...common}
            rows={LONG.includes(field) ? 3 : undefined}
            type={field === 'email' ? 'email' : field === 'tel' || field === 'fax' ? 'tel' : 'text'}
            maxLength={MAX[field] ?? 200}
          />
        )}
      </Col>
    );
  };

  return (
    <>
      {roleEditable ? (
        <Row>
          <Col md={6}>
            <SelectField
              name="role"
              label={t('fields.role')}
              options={[
                { value: 'personal', label: t('role.personal') },
                { value: 'corporate', label: t('role.corporate') },
              ]}
              testId="profile-role"
            />
          </Col>
        </Row>
      ) : (
        <div className="mb-3" data-testid="profile-role-fixed">
          <div className="form-label mb-1">{t('fields.role')}</div>
          <div className="fw-semibold">{t(`role.${role}`)}</div>
          <div className="form-text">{t('edit.roleFixed')}</div>
        </div>
      )}
      {GROUPS.map((group) => {
        if (group.title === 'sections.corporate' && role !== 'corporate') return null;
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
