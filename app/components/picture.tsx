/**
 * An image with its intrinsic size, so the page never shifts while it loads. Below the
 * fold it loads lazily; pass `priority` for the one image that may be the largest paint.
 */
import type { SizedImage } from "~/content/load";

interface PictureProps {
  image: SizedImage;
  priority?: boolean;
  className?: string;
  sizes?: string;
}

export function Picture({ image, priority = false, className, sizes }: PictureProps) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className ? `picture ${className}` : "picture"}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
