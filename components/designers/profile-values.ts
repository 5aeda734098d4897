import type { DesignerRecord } from './types';

/** The editable Designer fields of SPEC §3, flat, as a form holds them. */
export interface ProfileValues {
  role: 'personal' | 'corporate';
  creator_name: string;
  email: string;
  name_last: string;
  name_first: string;
  cat: string;
  pr: string;
  desc: string;
  job_title: string;
  license: string;
  achievements: string;
  affiliation: string;
  linked: string;
  perferred_contact: string;
  tel: string;
  fax: string;
  location: string;
  city: string;
  country: string;
  corporate_name: string;
  br: string;
  responsible_person: string;
  invno: string;
  photo: string;
}

export type ProfileField = Exclude<keyof ProfileValues, 'role' | 'photo'>;

/** Where each form field lives in the API body (and so in its `errors`). */
export const FIELD_PATH: Record<ProfileField, string> = {
  creator_name: 'creator_name',
  email: 'email',
  name_last: 'name.last',
  name_first: 'name.first',
  cat: 'cat',
  pr: 'pr',
  desc: 'desc',
  job_title: 'job_title',
  license: 'license',
  achievements: 'achievements',
  affiliation: 'affiliation',
  linked: 'linked',
  perferred_contact: 'perferred_contact',
  tel: 'tel',
  fax: 'fax',
  location: 'location',
  city: 'address.city',
  country: 'address.country',
  corporate_name: 'corporate_name',
  br: 'br',
  responsible_person: 'responsible_person',
  invno: 'invno',
};

export const CORPORATE_FIELDS: readonly ProfileField[] = ['corporate_name', 'br', 'responsible_person', 'invno'];

/** A profile body without the corporate fields, unless the designer is a corporate one. */
export function forRole(profile: Record<string, unknown>, role: unknown): Record<string, unknown> {
  if (role === 'corporate') return profile;
  return Object.fromEntries(
    Object.entries(profile).filter(([field]) => !(CORPORATE_FIELDS as readonly string[]).includes(field)),
  );
}

export function profileOf(designer: DesignerRecord): ProfileValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    role: designer.role,
    creator_name: designer.creator_name,
    email: designer.email ?? '',
    name_last: text(designer.name?.last),
    name_first: text(designer.name?.first),
    cat: text(designer.cat),
    pr: text(designer.pr),
    desc: text(designer.desc),
    job_title: text(designer.job_title),
    license: text(designer.license),
    achievements: text(designer.achievements),
    affiliation: text(designer.affiliation),
    linked: text(designer.linked),
    perferred_contact: text(designer.perferred_contact),
    tel: text(designer.tel),
    fax: text(designer.fax),
    location: text(designer.location),
    city: text(designer.address?.city),
    country: text(designer.address?.country),
    corporate_name: text(designer.corporate_name),
    br: text(designer.br),
    responsible_person: text(designer.responsible_person),
    invno: text(designer.invno),
    photo: text(designer.photo),
  };
}

/**
 * The API body for these values, role left out. Empty optional texts are left out too (they
 * stay unset), and corporate fields are sent only for a corporate designer.
 */
export function profileBody(values: ProfileValues, options: { keepEmpty?: boolean } = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const put = (path: string, value: string) => {
    if (!options.keepEmpty && value === '' && path !== 'creator_name' && path !== 'email') return;
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail) body[head] = { ...((body[head] as Record<string, string> | undefined) ?? {}), [tail]: value };
    else body[head] = value;
  };
  for (const [field, path] of Object.entries(FIELD_PATH) as [ProfileField, string][]) {
    if (values.role !== 'corporate' && CORPORATE_FIELDS.includes(field)) continue;
    put(path, values[field]);
  }
  if (values.photo || options.keepEmpty) body.photo = values.photo || null;
  if (options.keepEmpty) {
    body.name ??= {};
    body.address ??= {};
  }
  return body;
}
