import type { DesignerRecord } from './types';

/** Where each form field lives in the API body (and so in its `errors`). */
export const FIELD_PATH = {
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
} as const;

/** An editable Designer field, by the name its control and test id carry. */
export type ProfileField = keyof typeof FIELD_PATH;

export const CORPORATE_FIELDS: readonly ProfileField[] = ['corporate_name', 'br', 'responsible_person', 'invno'];

/** A profile body without the corporate fields, unless the designer is a corporate one. */
export function forRole(profile: Record<string, unknown>, role: unknown): Record<string, unknown> {
  if (role === 'corporate') return profile;
  return Object.fromEntries(
    Object.entries(profile).filter(([field]) => !(CORPORATE_FIELDS as readonly string[]).includes(field)),
  );
}

/**
 * What the edit form starts from: every editable field at its place in the API body (corporate
 * fields only for a corporate designer), unset ones as empty text, so that a field emptied in the
 * form is sent empty and cleared; the photo's hash, or null.
 */
export function editValues(designer: DesignerRecord): Record<string, unknown> {
  const record = designer as unknown as Record<string, unknown>;
  const body: Record<string, unknown> = { name: {}, address: {} };
  for (const [field, path] of Object.entries(FIELD_PATH) as [ProfileField, string][]) {
    if (designer.role !== 'corporate' && CORPORATE_FIELDS.includes(field)) continue;
    const [head, tail] = path.split('.') as [string, string | undefined];
    const value = tail ? (record[head] as Record<string, unknown> | undefined)?.[tail] : record[head];
    const text = typeof value === 'string' ? value : '';
    if (tail) (body[head] as Record<string, string>)[tail] = text;
    else body[head] = text;
  }
  body.photo = designer.photo || null;
  return body;
}
