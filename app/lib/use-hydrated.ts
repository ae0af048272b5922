import { startTransition, useEffect, useState } from "react";

/**
 * Set by the first hydrated component's effect, so a component that mounts later (a
 * client-side navigation) starts hydrated. Browser only: effects never run on the server.
 * Every component of the first render starts false, because React runs no effect before
 * that render is committed; content inside a Suspense boundary that hydrates later would
 * not (there is none: the only boundaries are React Router's streamed data scripts).
 */
let pageHydrated = false;

/**
 * False in the server HTML and during hydration, true once the browser has taken over.
 *
 * The switch to true is a transition: React renders the enhanced forms, the phone picker
 * and the Apply dialog in short slices after hydration. useSyncExternalStore would
 * re-render them in one synchronous pass inside the effects' flush: a long task on a
 * phone, which Lighthouse counts as blocking time.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
