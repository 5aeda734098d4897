import type { RouteDoc } from '../route-docs';

type Raw = NonNullable<RouteDoc['raw']>;

/** Bytes, as OpenAPI names a body that is not JSON: clients download it rather than parse it. */
const binary = { type: 'string', format: 'binary' };

export const pdfFile: Raw = { mediaType: 'application/pdf', schema: binary, description: 'The PDF' };

export const zipFile: Raw = {
  mediaType: 'application/zip',
  schema: binary,
  description: 'The zip, streamed; X-Total-Bytes gives the size of its content for progress',
};

/** The sales sheet: `?format=csv` (the default) or `xlsx`. */
export const salesSheet: Raw = {
  mediaType: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  schema: binary,
  description: 'The sheet as an attachment: CSV (UTF-8 with BOM) or XLSX, as ?format= asks',
};

/** A stored file: its own type in Content-Type; a matching If-None-Match answers 304 without a body. */
export const storedFile: Raw = {
  mediaType: 'application/octet-stream',
  schema: binary,
  description:
    'The bytes of the file, with its own type as Content-Type (image/png, application/pdf, …) and its SHA-256 as entity tag',
};

/** An avatar: the thumbnail of the uploaded picture (WebP), else initials drawn as SVG. */
export const avatarImage: Raw = {
  mediaType: ['image/webp', 'image/svg+xml'],
  schema: binary,
  description: 'The avatar: a WebP thumbnail of the picture, or the initials as SVG when there is none',
};

export const webpImage: Raw = { mediaType: 'image/webp', schema: binary, description: 'The WebP thumbnail' };
