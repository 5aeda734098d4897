import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { eventLabel } from '@/components/system/webhooks/event-labels';
import { WEBHOOK_EVENT_TYPES } from '@/lib/server/webhooks/events';
import flowEn from '@/locales/en/flow.json';
import flowJp from '@/locales/jp/flow.json';
import hooksEn from '@/locales/en/webhooks.json';
import hooksJp from '@/locales/jp/webhooks.json';

/** A t() over the two catalogues the page loads, answering the key itself when it is missing (as i18next does). */
function tOf(catalogues: Record<string, unknown>): TFunction {
  return ((key: string) => {
    const [ns, path] = key.split(':') as [string, string];
    let node: unknown = catalogues[ns];
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : key;
  }) as unknown as TFunction;
}

describe('webhook event names on the admin page', () => {
  it.each([
    ['jp', tOf({ flow: flowJp, webhooks: hooksJp })],
    ['en', tOf({ flow: flowEn, webhooks: hooksEn })],
  ])('names every event type in %s, never by its key', (_lang, t) => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const label = eventLabel(t, type);
      expect(label, type).not.toMatch(/flow:|webhooks:/);
    }
  });

  it('says the record kind and the state', () => {
    const jp = tOf({ flow: flowJp, webhooks: hooksJp });
    const en = tOf({ flow: flowEn, webhooks: hooksEn });
    expect(eventLabel(en, 'payment.reversed')).toBe('Payment: Reversed');
    expect(eventLabel(jp, 'payment.recorded')).toBe('入金: 記録');
    expect(eventLabel(en, 'license.active')).toBe(`${flowEn.subject.license}: ${flowEn.state.active}`);
  });
});
