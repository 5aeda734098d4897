import path from 'node:path';
import { Font } from '@react-pdf/renderer';

/** The font family every generated PDF (invoices, contracts) is set in. */
export const PDF_FONT_FAMILY = 'NotoSansJP';
let registered = false;

/**
 * Noto Sans JP (SIL OFL 1.1) from node_modules, embedded and subset by react-pdf: Japanese text
 * renders offline, and only the glyphs used travel in the file.
 */
export function registerPdfFonts(): void {
  if (registered) return;
  const dir = path.join(process.cwd(), 'node_modules', '@expo-google-fonts', 'noto-sans-jp');
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: [
      { src: path.join(dir, '400Regular', 'NotoSansJP_400Regular.ttf') },
      { src: path.join(dir, '700Bold', 'NotoSansJP_700Bold.ttf'), fontWeight: 'bold' },
    ],
  });
  // Japanese has no spaces: it may break between any two characters, with no hyphen (the empty
  // parts between characters tell react-pdf so).
  Font.registerHyphenationCallback((word) =>
    /[\u3000-\u9fff\uff00-\uffef]/.test(word) ? [...word].flatMap((c) => [c, '']).slice(0, -1) : [word],
  );
  registered = true;
}
