import { z } from 'zod';
import { defaultFlows } from './definitions';
import { checkFlow } from './engine';
import type { FlowDef, ReviewerGroup, Subject } from './types';

const reviewerGroup = z.enum(['legal', 'brand', 'cfl', 'boss', 'designer', 'holder']);

/**
 * Holder.config `flow.<subject>` (a JSON string): which groups review at which state, and in
 * which order, e.g. {"reviews":{"submitted":{"groups":["brand"],"order":"all"}}}.
 */
const overrideSchema = z
  .object({
    reviews: z.record(
      z.string(),
      z.object({ groups: z.array(reviewerGroup).min(1).max(6), order: z.enum(['all', 'sequence']).optional() }).strict(),
    ),
  })
  .strict();

export type FlowOverride = z.infer<typeof overrideSchema>;

export function parseOverride(text: string | undefined): FlowOverride | null {
  if (!text) return null;
  try {
    const parsed = overrideSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The flow for a subject after the holder's overrides; an override that breaks the flow is ignored. */
export function flowFor(subject: Subject, config: Record<string, string> = {}): FlowDef {
  const base = defaultFlows[subject];
  const override = parseOverride(config[`flow.${subject}`]);
  if (!override) return base;
  const flow: FlowDef = {
    ...base,
    reviews: base.reviews.map((stage) => {
      const change = override.reviews[stage.state];
      return change ? { ...stage, groups: change.groups as ReviewerGroup[], order: change.order ?? stage.order } : stage;
    }),
  };
  return checkFlow(flow).length === 0 ? flow : base;
}
