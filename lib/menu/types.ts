import type { AccessListName } from '../acl/roles';

export interface MenuEntry {
  /** Translation key in the `menu` namespace. */
  name: string;
  /** Path without the language prefix, e.g. `/holder/ip`. */
  path: string;
  /** An alternate path under which the entry is also active. */
  alt?: string;
  /** Path patterns of child pages (`*` matches one segment, `**` any rest). */
  children?: string[];
  acl: AccessListName;
  /** Hidden from those who already hold this list, e.g. "become a designer" from designers. */
  hiddenFor?: AccessListName;
}

export interface MenuGroup {
  /** Translation key; also the key under which the open state is remembered. */
  title: string;
  acl: AccessListName;
  collapsed?: boolean;
  entries: MenuEntry[];
}
