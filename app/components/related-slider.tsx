/**
 * The 'Related Casestudy' slider (Embla): three cards per view on wide screens,
 * two on tablets, one on phones, 30 px apart; prev/next and page buttons, swipe, and
 * keyboard (focus moving into a card scrolls it into view). Without JavaScript the row
 * scrolls natively.
 */
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useCallback, useEffect, useState } from "react";
import { REDUCED_MOTION_QUERY } from "~/lib/use-media-query.ts";
import { CaseStudyCard, type CaseStudyCardData } from "./case-study-card.tsx";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";

/**
 * Before the script ran, the row scrolled natively (a Tab into a card out of view, a
 * swipe). Embla moves the track itself and would keep that scroll on top of its own
 * position, out of step with the page buttons, so it takes over at the slide the visitor
 * is on: the focused one, or else the first one showing.
 */
function takeOverNativeScroll(embla: NonNullable<UseEmblaCarouselType[1]>): void {
  const viewport = embla.rootNode();
  if (viewport.scrollLeft === 0) return;
  const slides = embla.slideNodes();
  const viewportLeft = viewport.getBoundingClientRect().left;
  const focused = slides.findIndex((slide) => slide.contains(document.activeElement));
  const showing = slides.findIndex((slide) => slide.getBoundingClientRect().left >= viewportLeft - 1);
  const slide = focused >= 0 ? focused : Math.max(showing, 0);
  viewport.scrollLeft = 0;
  // Embla's own map of pages to slides ("slidesToScroll: auto" groups them by width).
  const page = embla.internalEngine().slideRegistry.findIndex((group) => group.includes(slide));
  if (page > 0) embla.scrollTo(page, true);
}

export function RelatedSlider({ studies, title }: { studies: CaseStudyCardData[]; title: string }) {
  const [viewportRef, embla] = useEmblaCarousel({ align: "start", slidesToScroll: "auto", containScroll: "trimSnaps" });
  const [pages, setPages] = useState<number[]>([]);
  const [current, setCurrent] = useState(0);

  const sync = useCallback(() => {
    if (!embla) return;
    setPages(embla.scrollSnapList().map((_, i) => i));
    setCurrent(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    takeOverNativeScroll(embla);
    // Embla is an external system: read its state once it exists, then on its events.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    sync();
    embla.on("select", sync).on("reInit", sync);
    // Embla moves the track, never the viewport's scroll. If the browser scrolls the
    // viewport anyway (a Tab into a card out of view, when Embla's own focus handling
    // comes too late), Embla takes over at that card, so the page buttons stay in step.
    const viewport = embla.rootNode();
    const onNativeScroll = () => takeOverNativeScroll(embla);
    viewport.addEventListener("scroll", onNativeScroll, { passive: true });
    return () => {
      embla.off("select", sync).off("reInit", sync);
      viewport.removeEventListener("scroll", onNativeScroll);
    };
  }, [embla, sync]);

  // With reduced motion the slider jumps instead of gliding.
  const jump = () => window.matchMedia(REDUCED_MOTION_QUERY).matches;
  const atStart = current === 0;
  const atEnd = current === pages.length - 1;

  return (
    <section className="slider" aria-roledescription="carousel" aria-labelledby="related-title">
      <div className="slider__header">
        <h2 id="related-title">{title}</h2>
        {pages.length > 1 && (
          <div className="slider__arrows">
            {/* aria-disabled, not disabled: a button that is disabled while focused drops focus to the page. */}
            <button
              type="button"
              className="slider__arrow"
              onClick={() => !atStart && embla?.scrollPrev(jump())}
              aria-disabled={atStart}
            >
              <ChevronLeftIcon />
              <span className="visually-hidden">Previous case studies</span>
            </button>
            <button
              type="button"
              className="slider__arrow"
              onClick={() => !atEnd && embla?.scrollNext(jump())}
              aria-disabled={atEnd}
            >
              <ChevronRightIcon />
              <span className="visually-hidden">Next case studies</span>
            </button>
          </div>
        )}
      </div>
      <div className="slider__viewport" ref={viewportRef}>
        <ul className="slider__track">
          {studies.map((study, i) => (
            <li
              key={study.slug}
              className="slider__slide"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${studies.length}`}
            >
              <CaseStudyCard study={study} />
            </li>
          ))}
        </ul>
      </div>
      {pages.length > 1 && (
        <div className="slider__pagination">
          {pages.map((page) => (
            <button
              key={page}
              type="button"
              className="slider__dot"
              aria-current={page === current ? "true" : undefined}
              onClick={() => embla?.scrollTo(page, jump())}
            >
              <span className="visually-hidden">
                Page {page + 1} of {pages.length}
              </span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
