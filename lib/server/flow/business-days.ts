/** Whole business days (Monday to Friday, UTC) from one moment to another. */
export function businessDaysBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  const day = 24 * 3600 * 1000;
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const end = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  let count = 0;
  for (let t = start + day; t <= end; t += day) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}
