/**
 * State of the navigation bar (spec §4): top-of-page versus scrolled, the menu panel
 * open or closed, and which submenus are open. A pure reducer so it is unit-tested.
 */
export interface NavState {
  /** The page is scrolled past the threshold: the bar collapses to two buttons. */
  scrolled: boolean;
  /** The menu panel (mobile, or the collapsed bar) is open. */
  menuOpen: boolean;
  /** Open submenus by group id, outermost first (e.g. ["careers", "openings"]). */
  openPath: string[];
}

export type NavAction =
  | { type: "scroll"; y: number }
  | { type: "toggleMenu" }
  | { type: "closeMenu" }
  | { type: "toggleGroup"; path: string[] }
  | { type: "openGroup"; path: string[] }
  | { type: "closeGroup"; path: string[] }
  | { type: "closeAll" }
  | { type: "navigate" };

/** How far the page scrolls before the bar collapses, in CSS pixels. */
export const SCROLL_THRESHOLD = 80;

export const initialNavState: NavState = { scrolled: false, menuOpen: false, openPath: [] };

const startsWith = (path: string[], prefix: string[]) => prefix.every((id, i) => path[i] === id);

export function navReducer(state: NavState, action: NavAction): NavState {
  switch (action.type) {
    case "scroll": {
      const scrolled = action.y > SCROLL_THRESHOLD;
      // Scrolling closes whatever is open (spec §2); a scroll event that changes
      // nothing keeps the same object so React skips the render.
      if (scrolled === state.scrolled && !state.menuOpen && state.openPath.length === 0) return state;
      return { scrolled, menuOpen: false, openPath: [] };
    }
    case "toggleMenu":
      return { ...state, menuOpen: !state.menuOpen, openPath: [] };
    case "closeMenu":
      return state.menuOpen || state.openPath.length > 0 ? { ...state, menuOpen: false, openPath: [] } : state;
    case "toggleGroup":
      return startsWith(state.openPath, action.path)
        ? { ...state, openPath: action.path.slice(0, -1) }
        : { ...state, openPath: action.path };
    case "openGroup":
      return startsWith(state.openPath, action.path) ? state : { ...state, openPath: action.path };
    case "closeGroup":
      return startsWith(state.openPath, action.path) ? { ...state, openPath: action.path.slice(0, -1) } : state;
    case "closeAll":
      return state.openPath.length > 0 ? { ...state, openPath: [] } : state;
    case "navigate":
      return { ...state, menuOpen: false, openPath: [] };
  }
}

export function isGroupOpen(state: NavState, path: string[]): boolean {
  return startsWith(state.openPath, path);
}
