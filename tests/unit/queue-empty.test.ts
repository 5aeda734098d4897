import { describe, expect, it } from 'vitest';
import en from '@/locales/en/approval.json';
import jp from '@/locales/jp/approval.json';
import { QUEUE_EMPTY_KEY } from '@/lib/client/flow';

function lookup(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('approval queues: every kind has its empty state in both languages (no raw key on /holder/sales)', () => {
  for (const [kind, key] of Object.entries(QUEUE_EMPTY_KEY)) {
    it(kind, () => {
      expect(lookup(jp, key)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(lookup(en, key)).toMatch(/^[\x20-\x7e]+$/);
    });
  }
});
