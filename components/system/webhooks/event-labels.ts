import type { TFunction } from 'i18next';

/**
 * What people call an event type: the record kind and the state it arrived in, from the flow
 * catalogue (payments, which have no flow, from the webhooks one). Pure, for the page and its test.
 */
export function subjectLabel(t: TFunction, subject: string): string {
  return subject === 'payment' ? t('webhooks:payment.subject') : t(`flow:subject.${subject}`);
}

export function eventLabel(t: TFunction, type: string): string {
  const [subject = '', state = ''] = type.split('.');
  const stateName = subject === 'payment' ? t(`webhooks:payment.${state}`) : t(`flow:state.${state}`);
  return `${subjectLabel(t, subject)}: ${stateName}`;
}

export function stateLabel(t: TFunction, type: string): string {
  const [subject = '', state = ''] = type.split('.');
  return subject === 'payment' ? t(`webhooks:payment.${state}`) : t(`flow:state.${state}`);
}
