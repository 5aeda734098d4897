import sharp from 'sharp';

/** One character of the demo catalogue, drawn from circles, ellipses and paths (nothing copied). */
export interface CharacterArt {
  body: string;
  accent: string;
  background: string;
  /** The body's outline: a round potato, a tall stick, a wavy chip… */
  shape: 'round' | 'tall' | 'chip' | 'star' | 'drop' | 'square';
  label: string;
}

function bodyOf(art: CharacterArt): string {
  const fill = `fill="${art.body}" stroke="#3b2a1a" stroke-width="6"`;
  switch (art.shape) {
    case 'round':
      return `<ellipse cx="256" cy="270" rx="150" ry="135" ${fill}/>`;
    case 'tall':
      return `<rect x="176" y="100" width="160" height="300" rx="70" ${fill}/>`;
    case 'chip':
      return `<path d="M96 250 C 120 120, 390 110, 416 240 C 430 330, 330 410, 250 400 C 150 395, 80 340, 96 250 Z" ${fill}/>`;
    case 'star':
      return `<path d="M256 90 L300 200 L420 205 L325 280 L360 395 L256 330 L152 395 L187 280 L92 205 L212 200 Z" ${fill} stroke-linejoin="round"/>`;
    case 'drop':
      return `<path d="M256 90 C 330 200, 390 250, 390 310 C 390 380, 330 420, 256 420 C 182 420, 122 380, 122 310 C 122 250, 182 200, 256 90 Z" ${fill}/>`;
    case 'square':
      return `<rect x="120" y="130" width="272" height="260" rx="40" ${fill}/>`;
  }
}

/** The character as an SVG: body, eyes, cheeks, a smile and its name on a ribbon. */
export function characterSvg(art: CharacterArt, size = 512): string {
  const label = art.label.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${art.background}"/>
  <circle cx="80" cy="80" r="28" fill="${art.accent}" opacity="0.35"/>
  <circle cx="440" cy="120" r="18" fill="${art.accent}" opacity="0.35"/>
  ${bodyOf(art)}
  <ellipse cx="210" cy="250" rx="16" ry="22" fill="#2b1d12"/>
  <ellipse cx="302" cy="250" rx="16" ry="22" fill="#2b1d12"/>
  <circle cx="215" cy="243" r="5" fill="#ffffff"/>
  <circle cx="307" cy="243" r="5" fill="#ffffff"/>
  <ellipse cx="180" cy="295" rx="22" ry="13" fill="${art.accent}" opacity="0.8"/>
  <ellipse cx="332" cy="295" rx="22" ry="13" fill="${art.accent}" opacity="0.8"/>
  <path d="M222 305 Q 256 340, 290 305" stroke="#2b1d12" stroke-width="7" fill="none" stroke-linecap="round"/>
  <rect x="96" y="430" width="320" height="56" rx="28" fill="#ffffff" stroke="${art.accent}" stroke-width="4"/>
  <text x="256" y="467" font-family="sans-serif" font-size="28" font-weight="bold" text-anchor="middle" fill="#3b2a1a">${label}</text>
</svg>`;
}

/** A product shot: the character on a package of the given colour, with the SKU printed. */
export function productSvg(art: CharacterArt, sku: string, kind: string): string {
  const text = `${kind} · ${sku}`.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="#f4f1ea"/>
  <path d="M110 60 L370 60 L390 420 L90 420 Z" fill="${art.accent}" stroke="#3b2a1a" stroke-width="5"/>
  <rect x="110" y="40" width="260" height="30" rx="6" fill="${art.body}" stroke="#3b2a1a" stroke-width="4"/>
  <g transform="translate(140 120) scale(0.39)">${bodyOf(art)}
    <ellipse cx="210" cy="250" rx="16" ry="22" fill="#2b1d12"/><ellipse cx="302" cy="250" rx="16" ry="22" fill="#2b1d12"/>
    <path d="M222 305 Q 256 340, 290 305" stroke="#2b1d12" stroke-width="7" fill="none" stroke-linecap="round"/></g>
  <rect x="120" y="340" width="240" height="44" rx="8" fill="#ffffff"/>
  <text x="240" y="369" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#3b2a1a">${text}</text>
</svg>`;
}

/** Rasterised with sharp: PNG for the character sheets, WebP for product shots. */
export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** A drawn signature stroke, as the signature pad sends it (a PNG data URL). */
export async function signatureDataUrl(seed: number): Promise<string> {
  const y = 20 + (seed % 5) * 5;
  const png = await renderPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="70"><rect width="240" height="70" fill="#ffffff"/><path d="M10 ${y + 30} C 60 ${y - 10}, 110 ${y + 45}, 150 ${y + 5} S 210 ${y + 30}, 230 ${y}" stroke="#0b1f4d" stroke-width="3" fill="none"/></svg>`,
  );
  return `data:image/png;base64,${png.toString('base64')}`;
}
