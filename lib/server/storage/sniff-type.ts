/** The types the file store accepts, told from the bytes alone (never the name or a declared type). */
export const ALLOWED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const;
export type AllowedType = (typeof ALLOWED_TYPES)[number];

export function isImageType(mime: string): boolean {
  return mime.startsWith('image/');
}

/**
 * The allowed type the magic bytes show, or null: HTML, SVG, scripts and executables have no
 * allowed signature whatever their name says. file-type is ESM only, hence the dynamic import.
 */
export async function sniffType(bytes: Uint8Array): Promise<AllowedType | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as string | undefined;
  return ALLOWED_TYPES.find((type) => type === mime) ?? null;
}
