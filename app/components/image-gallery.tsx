/**
 * A grid of images that each open enlarged in a modal dialog (life gallery, press).
 * Each thumbnail is a link to the image itself, so without JavaScript it still opens.
 * The dialog closes on the cross, on Escape, and on a click anywhere but the picture.
 */
import { type MouseEvent, useRef, useState } from "react";
import type { SizedImage } from "~/content/load";
import { keepFocusInDialog } from "~/lib/dialog-focus";
import { CloseIcon } from "./icons";
import { Picture } from "./picture";

interface GalleryItem {
  image: SizedImage;
  caption: string;
}

export function ImageGallery({ items, variant }: { items: GalleryItem[]; variant: "gallery" | "press" }) {
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
        {items.map((item) => (
          <li key={item.image.src}>
            <a href={item.image.src} className="image-grid__link" onClick={(e) => open(item, e)}>
              <Picture image={item.image} />
              <span className="visually-hidden">(enlarge)</span>
            </a>
            {variant === "press" && <p className="image-grid__caption">{item.caption}</p>}
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
            <img
              src={current.image.src}
              alt={current.image.alt}
              width={current.image.width}
              height={current.image.height}
            />
            <figcaption>{current.caption}</figcaption>
          </figure>
        )}
      </dialog>
    </>
  );
}
