import { z } from 'zod';
import { longText, shortText } from '../entities/field-rules';

/** Body of a review decision. Apart from decide-review.ts (which reads the database) so the decision forms check with it too. */
export const decisionInput = z
  .object({
    comment: longText(5000).optional(),
    markups: z
      .array(
        z.object({ image: z.string().max(128), x: z.number().min(0).max(1), y: z.number().min(0).max(1), note: shortText(1000) }),
      )
      .max(50)
      .optional(),
  })
  .strict();
