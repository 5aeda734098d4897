import en from '../../../locales/en/flow.json';
import jp from '../../../locales/jp/flow.json';
import type { Bilingual } from '../common/field-error';

/** The refusals of the liquid flow, in both interface languages. */
export const liquidMessages = {
  otherApplicant: {
    jp: '他の人の代わりに申請することはできません。',
    en: 'You cannot apply on behalf of someone else.',
  },
  unknownApplicant: { jp: 'この利用者は存在しません。', en: 'This user does not exist.' },
  alreadyOpen: {
    jp: '審査中の申請がすでにあります。結果が出るまでお待ちください。',
    en: 'You already have an application in progress. Please wait for its result.',
  },
  alreadyDesigner: {
    jp: 'すでにデザイナーとして登録されています。',
    en: 'You are already registered as a designer.',
  },
  wrongState: {
    jp: 'この申請は「{{from}}」の状態のため、この操作はできません。',
    en: 'This application is "{{from}}", so this step is not possible.',
  },
  commentRequired: { jp: '却下の理由を入力してください。', en: 'Please give the reason for rejecting.' },
  badState: {
    jp: '状態は applied, reviewing, approved, issued, rejected のいずれかです。',
    en: 'The state must be one of applied, reviewing, approved, issued, rejected.',
  },
} satisfies Record<string, Bilingual>;

type StateName = keyof typeof en.state;

/** "This application is <state in the reader's language>, so this step is not possible." */
export function wrongStateMessage(from: string): Bilingual {
  const label = (catalogue: typeof en, state: string) => catalogue.state[state as StateName] ?? state;
  return {
    jp: liquidMessages.wrongState.jp.replace('{{from}}', label(jp, from)),
    en: liquidMessages.wrongState.en.replace('{{from}}', label(en, from)),
  };
}
