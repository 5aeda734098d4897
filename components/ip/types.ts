/** The IP record as /api/v1/IP answers it. */
export interface IpImage {
  hash: string;
  name?: string;
  mime?: string;
}

export type IpKind = 'primary' | 'secondary';

export interface IpRecord {
  key: string;
  reference: string;
  name: string;
  kind: IpKind;
  state: string;
  holder: string | null;
  designer: string | null;
  parent: string | null;
  description: string | null;
  guidelines: string | null;
  categories: string[];
  tags: string[];
  images: IpImage[];
  owner: string | null;
  dateCreated: string;
  dateUpdated: string;
  version: number;
}

export interface TagRecord {
  key: string;
  name_jp: string;
  name_en: string;
  color: string;
  description: string | null;
  dateCreated: string;
  version: number;
}

/** States of the primary-IP and secondary-IP flows (lib/server/flow/definitions.ts), in flow order. */
export const IP_STATES = ['draft', 'submitted', 'changes_requested', 'approved', 'rejected', 'published', 'retired'] as const;
