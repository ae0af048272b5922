/**
 * An image with its intrinsic size, so the page never shifts while it loads. Below the
 * fold it loads lazily; pass `priority` for the one image that may be the largest paint.
 *
 * A photograph (decision 0020) becomes a <picture>: AVIF, then WebP, each at several
 * widths, and the browser takes the narrowest file that fills `sizes` at the screen's
 * density; the <img> inside carries the fallback, the size and the loading hints. SVG art
 * stays one <img>, which draws sharp at any width.
 */
import type { SizedImage } from "~/content/load.ts";

interface PictureProps {
  image: SizedImage;
  /**
   * How wide the image is drawn, as the `sizes` attribute says it ("(min-width: 48em) 50vw,
   * 100vw"): what the layout gives it at each screen width, so the browser can choose a
   * photograph's file before the CSS arrives. Required, so every use site says it.
   */
  sizes: string;
  priority?: boolean;
  className?: string;
  /**
   * Draws the image in a box of this size, cropped to fill it (a portrait in a round
   * avatar), instead of at its own proportions.
   */
  box?: { width: number; height: number };
}

export function Picture({ image, sizes, priority = false, className, box }: PictureProps) {
  const classes = ["picture", box ? "picture--cover" : "", className ?? ""].filter(Boolean).join(" ");
  const img = (
    <img
      src={image.sources?.fallback ?? image.src}
      alt={image.alt}
      width={box?.width ?? image.width}
      height={box?.height ?? image.height}
      className={classes}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
  if (!image.sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
