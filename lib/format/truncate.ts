/** Cuts text to `max` characters and marks the cut (breadcrumb titles: 60, ' ...'). */
export function truncate(text: string, max: number, marker = ' ...'): string {
  const chars = Array.from(text ?? '');
  if (chars.length <= max) return chars.join('');
  return chars.slice(0, max).join('') + marker;
}

export const BREADCRUMB_MAX = 60;
export const IP_NAME_MAX = 40;
