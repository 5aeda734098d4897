/**
 * A person's full name in the reader's language: family name first on jp (山田 太郎), given name
 * first on en (Taro Yamada). One rule for the pages, the PDFs, mail and the ID token's `name`.
 */
export function fullName(person: { first?: string | null; last?: string | null }, lang: 'jp' | 'en'): string {
  const parts = lang === 'jp' ? [person.last, person.first] : [person.first, person.last];
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
