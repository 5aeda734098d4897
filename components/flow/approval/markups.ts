import type { HistoryReview, Markup } from '@/lib/client/flow';

/** A pin of a past review, numbered in history order: the same number on the image and in the list. */
export interface NumberedMarkup {
  n: number;
  markup: Markup;
  review: HistoryReview;
}

export function numberMarkups(reviews: readonly HistoryReview[]): NumberedMarkup[] {
  const numbered: NumberedMarkup[] = [];
  for (const review of reviews) {
    for (const markup of review.markups ?? []) numbered.push({ n: numbered.length + 1, markup, review });
  }
  return numbered;
}

/** Where a click landed inside an image box, as fractions 0–1 of its width and height. */
export function fractionOf(clientX: number, clientY: number, rect: { left: number; top: number; width: number; height: number }) {
  const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10000) / 10000));
  return {
    x: rect.width > 0 ? clamp((clientX - rect.left) / rect.width) : 0,
    y: rect.height > 0 ? clamp((clientY - rect.top) / rect.height) : 0,
  };
}
