/** A Designer record as the API answers it (SPEC §3), with the viewer's `mine` flag. */
export interface DesignerRecord {
  key: string;
  version: number;
  dateCreated?: string;
  dateUpdated?: string;
  role: 'personal' | 'corporate';
  cat?: string | null;
  pr?: string | null;
  photo?: string | null;
  desc?: string | null;
  job_title?: string | null;
  license?: string | null;
  achievements?: string | null;
  accepted_terms_version?: Record<string, string>;
  document?: DesignerDocument[];
  perferred_contact?: string | null;
  /** Absent for readers who are not the designer or holder staff (the public profile). */
  email?: string;
  tel?: string | null;
  fax?: string | null;
  location?: string | null;
  address?: { city?: string; country?: string };
  corporate_name?: string | null;
  br?: string | null;
  responsible_person?: string | null;
  invno?: string | null;
  affiliation?: string | null;
  linked?: string | null;
  name?: { first?: string; last?: string };
  creator_name: string;
  owner?: string | null;
  mine?: boolean;
  /** For the designer's own record: addresses sent for confirmation and not yet in use, by field. */
  pending_verification?: Record<string, string>;
}

export interface DesignerDocument {
  image: string;
  desc: string;
}

export interface DesignerIp {
  key: string;
  name: string;
  state: string;
  kind?: string;
  dateCreated?: string;
  designer?: string | null;
}

/** The header's display name: the corporate name for a corporate designer, else the creator name. */
export function displayNameOf(designer: Pick<DesignerRecord, 'role' | 'corporate_name' | 'creator_name'>): string {
  if (designer.role === 'corporate' && designer.corporate_name) return designer.corporate_name;
  return designer.creator_name;
}
