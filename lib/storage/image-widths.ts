/**
 * The widths the image optimisation path (/api/image?url=&w=&q=) renders, shared by server and
 * client: Next's default image sizes, then the device sizes of SPEC §9 (640 to 3840).
 */
export const IMAGE_SIZES = [32, 48, 64, 96, 128, 256, 384] as const;
export const DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...DEVICE_SIZES];
/** SPEC §9: image quality 75 unless asked otherwise. */
export const DEFAULT_IMAGE_QUALITY = 75;

export function isImageWidth(width: number): boolean {
  return IMAGE_WIDTHS.includes(width);
}

/** The smallest allowed width at least as wide as wanted (the largest for anything wider). */
export function imageWidthFor(width: number): number {
  return IMAGE_WIDTHS.find((allowed) => allowed >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}
