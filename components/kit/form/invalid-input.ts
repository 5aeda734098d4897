import type { FieldError } from '@/lib/validation/messages';

/**
 * What a control holds when its text cannot become the value the schema expects (an amount with
 * too many decimals): the resolver reports its code under the field instead of a type error.
 */
export class InvalidInput {
  constructor(
    readonly text: string,
    readonly error: FieldError,
  ) {}
}
