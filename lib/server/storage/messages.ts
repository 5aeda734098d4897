import type { Bilingual } from '../common/field-error';

/** What the file store tells uploaders, in both interface languages. */
export const storageMessages = {
  type: {
    jp: 'PNG・JPEG・WebP・GIF の画像か PDF のみアップロードできます。',
    en: 'Only PNG, JPEG, WebP or GIF images and PDF documents can be uploaded.',
  },
  tooLarge: (maxBytes: number): Bilingual => {
    const mib = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return {
      jp: `ファイルが大きすぎます（最大 ${mib} MiB）。`,
      en: `The file is too large (at most ${mib} MiB).`,
    };
  },
  unreadableImage: { jp: '画像を読み取れませんでした。', en: 'The image could not be read.' },
  tooManyPixels: (maxPixels: number): Bilingual => ({
    jp: `画像の画素数が多すぎます（最大 ${maxPixels / 1_000_000} メガピクセル）。`,
    en: `The image has too many pixels (at most ${maxPixels / 1_000_000} megapixels).`,
  }),
  name: {
    jp: 'ファイル名は 1〜255 文字で、制御文字を含めないでください。',
    en: 'The file name must have 1 to 255 characters and no control characters.',
  },
  data: { jp: 'ファイルの内容を base64 で指定してください。', en: 'Give the file content as base64.' },
} satisfies Record<string, Bilingual | ((n: number) => Bilingual)>;
