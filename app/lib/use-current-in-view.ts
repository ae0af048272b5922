import { type RefObject, useEffect } from "react";

/**
 * Scrolls a strip of links sideways so its current link (aria-current="page") shows whole,
 * when the page opens and each time the current link changes. The strip alone scrolls,
 * never the page. Chromium does this without JavaScript (scroll-initial-target); this is
 * for other browsers and for moves between pages of the strip.
 */
export function useCurrentInView(strip: RefObject<HTMLElement | null>, current: string): void {
  useEffect(() => {
    const link = strip.current?.querySelector('[aria-current="page"]');
    if (!strip.current || !link) return;
    const style = getComputedStyle(strip.current);
    const stripRect = strip.current.getBoundingClientRect();
    const linkRect = link.getBoundingClientRect();
    const endRoom = parseFloat(style.scrollPaddingInlineEnd) || 0;
    if (linkRect.left >= stripRect.left && linkRect.right <= stripRect.right - endRoom) return;
    strip.current.scrollBy({
      left: linkRect.left - stripRect.left - (parseFloat(style.paddingLeft) || 0),
      behavior: "instant",
    });
  }, [strip, current]);
}
