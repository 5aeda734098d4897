/** Images above this many pixels are refused: decoding them would take gigabytes (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Longest original file name kept. */
export const MAX_NAME_LENGTH = 255;
