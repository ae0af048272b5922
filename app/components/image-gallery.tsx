/**
 * A grid of images that each open enlarged in a modal dialog (life gallery, press).
 * Each thumbnail is a link to the image itself, so without JavaScript it still opens.
 *
 * The dialog closes on its Close button (top right, apart from everything else), on
 * Escape, and on a click anywhere but the picture, its caption and its buttons; focus then
 * goes to the thumbnail of the picture last shown, so a keyboard visitor who stepped
 * through the gallery is where they stopped. With more than one picture, Previous and Next
 * (beside the picture from 48em, under it on a phone) and the Left and Right arrow keys
 * step through them, wrapping round from the last to the first and back.
 */
import { type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import type { SizedImage } from "~/content/load.ts";
import { keepFocusInDialog } from "~/lib/dialog-focus.ts";
import { keepTerms } from "~/lib/keep-terms.tsx";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "./icons.tsx";
import { IMAGE_SIZES } from "./image-sizes.ts";
import { Picture } from "./picture.tsx";

export interface GalleryItem {
  image: SizedImage;
  /** One line for the enlarged view and its dialog's name. */
  caption: string;
  /**
   * A press item's parts, shown under its thumbnail: the headline as its title, then the
   * publication and the date, each on a line of its own, then a link to the article when
   * it is online (an absolute https:// address, checked by the content schema).
   */
  press?: { headline: string; source: string; date: string; dateLabel: string; url?: string };
}

interface ImageGalleryProps {
  items: GalleryItem[];
  variant: "gallery" | "press";
  /** The grid opens the page: its first picture may be the largest paint, so it is fetched first, never lazily. */
  firstIsLargestPaint?: boolean;
}

export function ImageGallery({ items, variant, firstIsLargestPaint = false }: ImageGalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const thumbnails = useRef<(HTMLAnchorElement | null)[]>([]);
  const [shown, setShown] = useState<number | null>(null);
  const current = shown === null ? null : items[shown];
  const several = items.length > 1;

  const open = (index: number, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setShown(index);
    dialog.current?.showModal();
  };

  /** One picture on (1) or back (-1), round from the last to the first and back. */
  const step = (by: 1 | -1) => setShown((i) => (i === null ? i : (i + by + items.length) % items.length));

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    if (several && plain && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
      return;
    }
    keepFocusInDialog(event);
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
              ref={(a) => {
                thumbnails.current[index] = a;
              }}
              href={item.image.sources?.fallback ?? item.image.src}
              className="image-grid__link"
              onClick={(e) => open(index, e)}
            >
              <Picture image={item.image} sizes={IMAGE_SIZES[variant]} priority={firstIsLargestPaint && index === 0} />
              <span className="visually-hidden">(enlarge)</span>
            </a>
            {item.press && <PressText press={item.press} />}
          </li>
        ))}
      </ul>
      {/* Clicks outside the picture close it; the keyboard has Escape and the close button */}
      <dialog
        ref={dialog}
        className={`image-dialog image-dialog--${variant}`}
        aria-label={current?.caption ?? "Enlarged image"}
        onClick={closeUnlessPicture}
        onKeyDown={onKeyDown}
        onClose={() => {
          const last = shown;
          setShown(null);
          if (last !== null) thumbnails.current[last]?.focus();
        }}
      >
        <button type="button" className="image-dialog__close" onClick={() => dialog.current?.close()}>
          <CloseIcon />
          <span className="image-dialog__close-label">Close</span>
        </button>
        {current && shown !== null && (
          <div className={several ? "image-dialog__stage image-dialog__stage--steps" : "image-dialog__stage"}>
            {several && (
              <button
                type="button"
                className="image-dialog__step image-dialog__step--previous"
                onClick={() => step(-1)}
              >
                <ChevronLeftIcon />
                <span className="visually-hidden">Previous picture</span>
              </button>
            )}
            <figure>
              {/* Shown at once on the visitor's click, so not lazy. */}
              <Picture image={current.image} sizes={IMAGE_SIZES.enlarged} priority />
              {/* Read out as the visitor steps to another picture. */}
              <figcaption aria-live="polite">
                {current.caption}
                {several && (
                  <>
                    <span className="image-dialog__count" aria-hidden="true">
                      {shown + 1} / {items.length}
                    </span>
                    <span className="visually-hidden">
                      , picture {shown + 1} of {items.length}
                    </span>
                  </>
                )}
              </figcaption>
            </figure>
            {several && (
              <button type="button" className="image-dialog__step image-dialog__step--next" onClick={() => step(1)}>
                <ChevronRightIcon />
                <span className="visually-hidden">Next picture</span>
              </button>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}

/** Under a press picture: headline, publication, date, and the article's link when it is online. */
function PressText({ press }: { press: NonNullable<GalleryItem["press"]> }) {
  return (
    <div className="press-item">
      <h2 className="press-item__headline">{keepTerms(press.headline)}</h2>
      <p className="press-item__source">{press.source}</p>
      <p className="press-item__date">
        <time dateTime={press.date}>{press.dateLabel}</time>
      </p>
      {press.url && (
        <p className="press-item__read">
          {/* The publication's page, in a new tab, as the site's other links to other sites open. */}
          <a className="text-link" href={press.url} target="_blank" rel="noopener noreferrer">
            Read the article
            <span className="visually-hidden">
              : {press.headline}, {press.source} (opens in a new tab)
            </span>
          </a>
        </p>
      )}
    </div>
  );
}
