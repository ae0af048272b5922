/**
 * The decorative art behind a page banner or the home hero (public/images/banners/,
 * public/images/hero/), drawn behind the text and hidden from assistive technology.
 *
 * In the prerendered HTML it is inline SVG. Browsers never count inline SVG as the
 * largest contentful paint, so a visitor's LCP is the page's own heading or text, painted
 * with the first frame, instead of a picture fetched after the stylesheet (decision 0019). The
 * markup is read when the page is rendered and never shipped in the JavaScript: while
 * hydrating, React keeps the server's markup as it is; art that mounts later (a
 * client-side navigation to another page) is an ordinary <img> of the same file.
 */
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated.ts";

/** The art files' markup by public path. In the browser build this is {}: the text stays out of the bundle. */
const markupByPath: Record<string, string> = import.meta.env.SSR
  ? Object.fromEntries(
      Object.entries(
        import.meta.glob<string>("../../public/images/{banners,hero}/*.svg", {
          query: "?raw",
          import: "default",
          eager: true,
        }),
      ).map(([file, markup]) => [file.replace("../../public", ""), markup]),
    )
  : {};

/**
 * `slice` covers the box as `object-fit: cover` does for the <img>; the art's motif sits at
 * the right of every file, and the art's column is at the banner's right.
 */
function inlineMarkup(src: string): string {
  const markup = markupByPath[src];
  if (!markup) throw new Error(`DecorativeArt: no art file public${src}`);
  return markup.replace("<svg ", `<svg preserveAspectRatio="xMaxYMid slice" focusable="false" `);
}

interface DecorativeArtProps {
  /** The file under public/, such as /images/banners/about.svg. */
  src: string;
  className: "banner__art" | "hero__art";
  width: number;
  height: number;
}

export function DecorativeArt({ src, className, width, height }: DecorativeArtProps) {
  const hydrated = useHydrated();
  // Decided once, at mount: in the server's HTML (and while hydrating it) inline.
  const [inline] = useState(!hydrated);
  if (!inline) return <img className={className} src={src} alt="" width={width} height={height} decoding="async" />;
  return (
    <div
      className={className}
      aria-hidden="true"
      // The browser build has no markup to give: React keeps what the server rendered.
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? inlineMarkup(src) : "" }}
      suppressHydrationWarning
    />
  );
}
