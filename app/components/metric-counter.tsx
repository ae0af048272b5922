/**
 * A business metric whose number counts up once it scrolls into view. The server HTML
 * holds the final number (for visitors without JavaScript and for search engines);
 * with reduced motion, and on paper, the final number stays. Screen readers hear only
 * the final number.
 */
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { nextCount, tickInterval } from "~/lib/count-up.ts";
import { REDUCED_MOTION_QUERY } from "~/lib/use-media-query.ts";

export function MetricCounter({ value, label }: { value: number; label: string }) {
  const [count, setCount] = useState(value);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia(REDUCED_MOTION_QUERY).matches) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    setCount(0);
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        timer = setInterval(() => {
          setCount((current) => {
            const next = nextCount(current, value);
            if (next === value) clearInterval(timer);
            return next;
          });
        }, tickInterval(value));
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    // A page printed before the metrics were scrolled to would show "0+". The browser lays
    // the page out for paper as soon as the event returns, so the number is drawn now.
    const showFinal = () => {
      observer.disconnect();
      clearInterval(timer);
      flushSync(() => setCount(value));
    };
    window.addEventListener("beforeprint", showFinal);
    return () => {
      observer.disconnect();
      clearInterval(timer);
      window.removeEventListener("beforeprint", showFinal);
    };
  }, [value]);

  return (
    <div className="metric" ref={ref}>
      <p className="metric__value">
        <span aria-hidden="true" data-testid="metric-number" style={{ minWidth: `${String(value).length + 1}ch` }}>
          {count}+
        </span>
        <span className="visually-hidden">{value}+</span>
      </p>
      <p className="metric__label">{label}</p>
    </div>
  );
}
