import type { RoleNames } from '../../acl/roles';

export type ApproverGroup = 'legal' | 'brand' | 'cfl' | 'boss';
export type ManagerGroup = 'legal' | 'brand' | 'cfl';

export interface DemoAccount {
  /** Stable handle used by the start banner and the e2e personas. */
  id: string;
  email: string;
  nickname: string;
  firstName: string;
  lastName: string;
  lang: 'jp' | 'en';
  access: (names: RoleNames, licenseeKey: string) => string[];
  approver?: ApproverGroup;
  manager?: ManagerGroup;
  /** The designer record the account holds, as the designer application would have issued it. */
  designer?: { role: 'personal' | 'corporate'; creator_name: string; corporate_name?: string };
}

const user = ({ client }: RoleNames) => `${client}:user`;

/** One account per role of SPEC §1 and §6. */
export const demoAccounts: DemoAccount[] = [
  {
    id: 'admin',
    email: 'admin@example.com',
    nickname: 'admin',
    firstName: '愛子',
    lastName: '管理',
    lang: 'jp',
    access: (n) => [`${n.client}:admin`, user(n), 'woollet:admin'],
  },
  {
    id: 'boss',
    email: 'boss@example.com',
    nickname: 'boss',
    firstName: '健',
    lastName: '社長',
    lang: 'jp',
    access: (n) => [`${n.client}:boss`, user(n)],
    approver: 'boss',
  },
  {
    id: 'holder',
    email: 'holder@example.com',
    nickname: 'holder',
    firstName: '花子',
    lastName: '保有',
    lang: 'jp',
    access: (n) => [`${n.client}:${n.product}`, user(n)],
  },
  ...(['legal', 'brand', 'cfl'] as const).flatMap((group): DemoAccount[] => [
    {
      id: `${group}-approver`,
      email: `${group}@example.com`,
      nickname: `${group}`,
      firstName: group.toUpperCase(),
      lastName: '承認',
      lang: 'jp',
      access: (n) => [`${n.client}:${n.product}`, user(n)],
      approver: group,
    },
    {
      id: `${group}-manager`,
      email: `${group}-manager@example.com`,
      nickname: `${group}-manager`,
      firstName: group.toUpperCase(),
      lastName: '管理者',
      lang: 'jp',
      access: (n) => [`${n.client}:${n.product}`, user(n)],
      manager: group,
    },
  ]),
  {
    id: 'designer',
    email: 'designer@example.com',
    nickname: 'designer',
    firstName: '翔',
    lastName: '創作',
    lang: 'jp',
    access: (n) => [`${n.client}:designer`, user(n)],
    designer: { role: 'personal', creator_name: 'Sho' },
  },
  {
    id: 'corporate-designer',
    email: 'studio@example.com',
    nickname: 'studio',
    firstName: 'Studio',
    lastName: 'Kawaii',
    lang: 'en',
    access: (n) => [`${n.client}:designer`, user(n)],
    designer: { role: 'corporate', creator_name: 'Studio Kawaii', corporate_name: 'Studio Kawaii Ltd.' },
  },
  {
    id: 'licensee-owner',
    email: 'licensee@example.com',
    nickname: 'licensee',
    firstName: '誠',
    lastName: '製造',
    lang: 'jp',
    access: (n, org) => [`${n.client}:licensee`, `${n.client}:owner:licensee:${org}`, user(n)],
  },
  {
    id: 'licensee-staff',
    email: 'licensee-staff@example.com',
    nickname: 'licensee-staff',
    firstName: '美咲',
    lastName: '担当',
    lang: 'jp',
    access: (n, org) => [`${n.client}:staff:licensee:${org}`, user(n)],
  },
  {
    id: 'user',
    email: 'user@example.com',
    nickname: 'user',
    firstName: '太郎',
    lastName: '一般',
    lang: 'jp',
    access: (n) => [user(n)],
  },
];
