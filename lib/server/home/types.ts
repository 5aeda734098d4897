import type { SQL } from 'drizzle-orm';

/** One thing waiting on the home page: a record or a count, and where to act on it (a path without the language). */
export interface HomeItem {
  label: string;
  href: string;
  /** The flow subject (`ip`, `license`, …) or another short kind the page translates. */
  kind?: string;
  /** A state the page translates (`changes_requested`, `late`, `due`, `step_sign`, an application state). */
  state?: string;
  /** When it is due (ISO), shown in the reader's style: a review's deadline. */
  deadline?: string;
}

export type HomeSectionId =
  | 'reviews'
  | 'contracts'
  | 'changes'
  | 'permits'
  | 'reports'
  | 'invoices'
  | 'accessRequests'
  | 'designerApplications'
  | 'invitations'
  | 'notifications'
  | 'application';

export interface HomeSection {
  id: HomeSectionId;
  count: number;
  /** At most a few of the items, the oldest or most urgent first. */
  items: HomeItem[];
  /** Where the whole section is handled. */
  href?: string;
}

export interface HomeData {
  sections: HomeSection[];
}

/** How many items of a section the page lists; the count covers all of them. */
export const HOME_ITEMS = 5;

/**
 * A section as a part of the home's one statement: the JSON the database builds for it, and
 * what makes the section from that JSON (names in the reader's language, links, the flow
 * engine's rules where they need the rows).
 */
export interface HomePart<T = never> {
  id: HomeSectionId;
  json: SQL;
  /** Whether the section is the reader's, when only the database can tell (owning a designer record). */
  present?: SQL;
  finish: (answer: T) => HomeSection | null;
}
