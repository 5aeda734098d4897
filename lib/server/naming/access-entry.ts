import en from '../../../locales/en/audit.json';
import jp from '../../../locales/jp/audit.json';
import { parseEntry } from '../../acl/entry';
import type { Lang } from './format';

type Roles = typeof en.role;

export interface AccessNames {
  client: string;
  product: string;
  /** Organisation names by key (licensee and designer organisations). */
  organisation: (key: string) => string | undefined;
}

/** The organisations an access entry names (`calbee:staff:licensee:<key>` → the key). */
export function organisationOfEntry(text: string): string | null {
  const entry = parseEntry(text);
  return entry?.entity && entry.entity !== '*' ? entry.entity : null;
}

function roleWords(role: string, client: string, names: AccessNames, lang: Lang): string {
  const roles: Roles = (lang === 'jp' ? jp : en).role;
  if (client === 'woollet' && role === 'admin') return roles.woolletAdmin;
  if (role === names.product) return roles.product.replace('{{product}}', names.product);
  return (roles as Record<string, string>)[role] ?? role;
}

/**
 * An access entry as a person reads it: `calbee:admin` → 管理者 / administrator,
 * `calbee:staff:licensee:<key>` → カルビー商事 のスタッフ / staff of Calbee Trading. An entry of
 * another client keeps its client's name in front; an organisation gone since says so.
 */
export function entryInWords(text: string, names: AccessNames, lang: Lang): string {
  const entry = parseEntry(text);
  if (!entry) return text;
  const catalogue = lang === 'jp' ? jp : en;
  const role = roleWords(entry.role, entry.client, names, lang);
  const prefix = entry.client === names.client || entry.client === 'woollet' ? '' : `${entry.client}: `;
  if (!entry.entity) return `${prefix}${role}`;
  const organisation = entry.entity === '*' ? '*' : (names.organisation(entry.entity) ?? catalogue.unknownOrganisation);
  return `${prefix}${catalogue.entryWithin.replace('{{entity}}', organisation).replace('{{role}}', role)}`;
}
