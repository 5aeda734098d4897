import { describe, expect, it } from 'vitest';
import { rehearseRenderers } from '@/lib/server/pdf/renderers';

describe('the render thread rehearsal', () => {
  it('makes a whole sample contract in Japanese and in English, so the first real contract of each finds its fonts read', async () => {
    const [jp, en] = await rehearseRenderers();
    for (const pdf of [jp!, en!]) {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
    }
    // The Japanese contract embeds its Japanese font; the English one does not need it.
    expect(jp!.length).toBeGreaterThan(en!.length);
  }, 60_000);
});
