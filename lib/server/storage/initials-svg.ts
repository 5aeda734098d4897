import { createHash } from 'node:crypto';

export interface AvatarName {
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
}

function firstChar(text: string | null | undefined): string {
  return Array.from((text ?? '').trim())[0] ?? '';
}

/**
 * Up to two letters for a picture: first and last initials for names in Latin script
 * ("Studio Kawaii" → SK), the family name's first character otherwise (管理 愛子 → 管),
 * the nickname's first character when there are no names, and "?" for nothing at all.
 */
export function initialsOf(name: AvatarName): string {
  const first = firstChar(name.firstName);
  const last = firstChar(name.lastName);
  if (first && last && /^[\p{Script=Latin}\p{N}]$/u.test(first) && /^[\p{Script=Latin}\p{N}]$/u.test(last)) {
    return (first + last).toUpperCase();
  }
  const one = last || first || firstChar(name.nickname);
  return one ? one.toUpperCase() : '?';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round avatar with the initials on a colour derived from the seed (the user's sub), as SVG text. */
export function initialsSvg(initials: string, seed: string, size = 128): string {
  const hue = createHash('sha256').update(seed).digest().readUInt16BE(0) % 360;
  const fontSize = Math.round(size * (Array.from(initials).length > 1 ? 0.4 : 0.5));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(initials)}">`,
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="hsl(${hue},45%,45%)"/>`,
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#fff" font-family="system-ui,-apple-system,'Segoe UI','Hiragino Sans','Noto Sans JP',sans-serif" font-size="${fontSize}" font-weight="600">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('');
}
