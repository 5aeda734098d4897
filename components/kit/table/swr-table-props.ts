/** The part of an SWR answer a table reads: the data (null when the API refused), an error, a refetch. */
interface SwrAnswer<D> {
  data: D | null | undefined;
  error?: unknown;
  mutate(): unknown;
}

/**
 * The DataTable props of rows read with SWR: none while the first answer is awaited, the failure
 * (a thrown error or a refusal kept as null) with a retry.
 */
export function swrTableProps<D, T>(answer: SwrAnswer<D>, rowsOf: (data: D) => T[]) {
  return {
    rows: answer.data ? rowsOf(answer.data) : undefined,
    error: answer.data === null || Boolean(answer.error),
    onRetry: () => void answer.mutate(),
  };
}
