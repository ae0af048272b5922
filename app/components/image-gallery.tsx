/**
 * A grid of images that each open enlarged in a modal dialog (life gallery, press).
 * Each thumbnail is a link to the image itself, so without JavaScript it still opens.
 * The dialog closes on the cross, on Escape, and on a click anywhere but the picture.
 */
import { type MouseEvent, useRef, useState } from "react";
import type { SizedImage } from "~/content/load.ts";
import { keepFocusInDialog } from "~/lib/dialog-focus.ts";
import { keepTerms } from "~/lib/keep-terms.tsx";
import { CloseIcon } from "./icons.tsx";
import { IMAGE_SIZES } from "./image-sizes.ts";
import { Picture } from "./picture.tsx";

interface GalleryItem {
  image: SizedImage;
  /** One line for the enlarged view and its dialog's name. */
  caption: string;
  /** A press item's parts, shown under its thumbnail as a title and a meta line. */
  press?: { headline: string; source: string; date: string; dateLabel: string };
}

interface ImageGalleryProps {
  items: GalleryItem[];
  variant: "gallery" | "press";
  /** The grid opens the page: its first picture may be the largest paint, so it is fetched first, never lazily. */
  firstIsLargestPaint?: boolean;
}

export function ImageGallery({ items, variant, firstIsLargestPaint = false }: ImageGalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [current, setCurrent] = useState<GalleryItem | null>(null);

  const open = (item: GalleryItem, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setCurrent(item);
    dialog.current?.showModal();
  };

  const closeUnlessPicture = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    if (!target.closest("img, figcaption, button")) dialog.current?.close();
  };

  return (
    <>
      <ul className={`image-grid image-grid--${variant}`}>
        {/* Each item renders when near, so pictures far down the page wait until the visitor scrolls there. */}
        {items.map((item, index) => (
          <li key={item.image.src} className="render-when-near">
            {/* Without JavaScript the link opens the picture itself: a photograph's fallback file. */}
            <a
              href={item.image.sources?.fallback ?? item.image.src}
              className="image-grid__link"
              onClick={(e) => open(item, e)}
            >
              <Picture image={item.image} sizes={IMAGE_SIZES[variant]} priority={firstIsLargestPaint && index === 0} />
              <span className="visually-hidden">(enlarge)</span>
            </a>
            {item.press && (
              <div className="press-item">
                <h2 className="press-item__headline">{keepTerms(item.press.headline)}</h2>
                <p className="press-item__meta">
                  {item.press.source}{" "}
                  {/* The separator goes to the next line with the date, never hangs at a line's end. */}
                  <span className="nowrap">
                    · <time dateTime={item.press.date}>{item.press.dateLabel}</time>
                  </span>
                </p>
              </div>
            )}
          </li>
        ))}
      </ul>
      {/* Clicks outside the picture close it; the keyboard has Escape and the close button */}
      <dialog
        ref={dialog}
        className={`image-dialog image-dialog--${variant}`}
        aria-label={current?.caption ?? "Enlarged image"}
        onClick={closeUnlessPicture}
        onKeyDown={keepFocusInDialog}
        onClose={() => {
          setCurrent(null);
          opener.current?.focus();
        }}
      >
        <button type="button" className="image-dialog__close" onClick={() => dialog.current?.close()}>
          <CloseIcon />
          <span className="visually-hidden">Close</span>
        </button>
        {current && (
          <figure>
            {/* Shown at once on the visitor's click, so not lazy. */}
            <Picture image={current.image} sizes={IMAGE_SIZES.enlarged} priority />
            <figcaption>{current.caption}</figcaption>
          </figure>
        )}
      </dialog>
    </>
  );
}
