/**
 * What the photo pipeline (scripts/build/photos/) tells the content loader about each photograph
 * the content names: its size and the built files' addresses, or why it cannot be used.
 * Plain types and data only, so the loader and the pages stay free of sharp.
 */

/** A content image whose src ends so is a photograph: the build encodes it (decision 0020). */
export const PHOTO_SRC = /\.(?:jpe?g|png)$/i;

/** The image types content may name: SVG art, or a JPEG or PNG photograph. */
export const IMAGE_SRC = /\.(?:svg|jpe?g|png)$/i;

export interface PhotoSources {
  /** `srcset` of the AVIF files ("/assets/photos/x-320-abc.avif 320w, …"). */
  avif: string;
  /** `srcset` of the WebP files. */
  webp: string;
  /** The <img src> for browsers that take neither: a JPEG (a PNG if it has transparency). */
  fallback: string;
}

type PhotoEntry = { width: number; height: number; sources: PhotoSources } | { error: string };

/** Every photograph the content names, by its src ("/images/…jpg"). */
export type PhotoIndex = Record<string, PhotoEntry>;
