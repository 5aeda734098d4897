import { z } from 'zod';

/** A JSON object of at most `max` bytes once serialised (a larger one is a `tooLong` error). */
export const jsonObject = (max: number) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    if (Buffer.byteLength(JSON.stringify(value), 'utf8') > max) {
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value });
    }
  });
