/**
 * State of the navigation bar: top-of-page versus scrolled, the menu panel
 * open or closed, and which submenus are open. A pure reducer so it is unit-tested.
 */
export interface NavState {
  /**
   * The page is scrolled past the threshold: the bar collapses to two buttons. `null`
   * until the page's script has measured it (the server's render, and the page before
   * hydration): the bar then scrolls with the page instead of lying over it.
   */
  scrolled: boolean | null;
  /** The menu panel (mobile, or the collapsed bar) is open. */
  menuOpen: boolean;
  /** Open submenus by group id, outermost first (e.g. ["careers", "openings"]). */
  openPath: string[];
  /**
   * How many of the outermost open submenus were opened on purpose (a click, a tap or a
   * key); the ones beyond were opened by the pointer resting on them, and close when it
   * leaves. A click on a submenu that hover opened keeps it open instead of closing it.
   */
  pinned: number;
}

export type NavAction =
  | { type: "scroll"; y: number }
  | { type: "toggleMenu" }
  | { type: "closeMenu" }
  /** A click or tap on a submenu's toggle. */
  | { type: "toggleGroup"; path: string[] }
  /** A key that opens a submenu and moves into it. */
  | { type: "openGroup"; path: string[] }
  /** Escape, or focus leaving a submenu: closes it and the ones inside it. */
  | { type: "closeGroup"; path: string[] }
  /** The pointer entered a submenu's item (only where hover opens submenus). */
  | { type: "hoverGroup"; path: string[] }
  /** The pointer left a submenu's item: it closes if hover opened it. */
  | { type: "unhoverGroup"; path: string[] }
  | { type: "closeAll" }
  | { type: "navigate" };

/** How far the page scrolls before the bar collapses, in CSS pixels. */
export const SCROLL_THRESHOLD = 80;

export const initialNavState: NavState = { scrolled: null, menuOpen: false, openPath: [], pinned: 0 };

const startsWith = (path: string[], prefix: string[]) => prefix.every((id, i) => path[i] === id);

/** How many leading ids two paths share. */
function commonLength(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** `state` with the submenu at `path` and those inside it closed. */
function closeAt(state: NavState, path: string[]): NavState {
  if (!startsWith(state.openPath, path)) return state;
  const openPath = path.slice(0, -1);
  return { ...state, openPath, pinned: Math.min(state.pinned, openPath.length) };
}

export function navReducer(state: NavState, action: NavAction): NavState {
  switch (action.type) {
    case "scroll": {
      const scrolled = action.y > SCROLL_THRESHOLD;
      // Scrolling closes whatever is open; a scroll event that changes
      // nothing keeps the same object so React skips the render.
      if (scrolled === state.scrolled && !state.menuOpen && state.openPath.length === 0) return state;
      return { scrolled, menuOpen: false, openPath: [], pinned: 0 };
    }
    case "toggleMenu":
      return { ...state, menuOpen: !state.menuOpen, openPath: [], pinned: 0 };
    case "closeMenu":
      return state.menuOpen || state.openPath.length > 0
        ? { ...state, menuOpen: false, openPath: [], pinned: 0 }
        : state;
    case "toggleGroup":
      if (!startsWith(state.openPath, action.path)) {
        return { ...state, openPath: action.path, pinned: action.path.length };
      }
      // Hover opened it a moment ago: the click confirms it rather than undoing it.
      if (state.pinned < action.path.length) return { ...state, pinned: action.path.length };
      return closeAt(state, action.path);
    case "openGroup":
      if (!startsWith(state.openPath, action.path)) {
        return { ...state, openPath: action.path, pinned: action.path.length };
      }
      return state.pinned < action.path.length ? { ...state, pinned: action.path.length } : state;
    case "closeGroup":
      return closeAt(state, action.path);
    case "hoverGroup":
      if (startsWith(state.openPath, action.path)) return state;
      // Groups the new path shares with the open one keep how they were opened.
      return {
        ...state,
        openPath: action.path,
        pinned: Math.min(state.pinned, commonLength(state.openPath, action.path)),
      };
    case "unhoverGroup":
      return state.pinned < action.path.length ? closeAt(state, action.path) : state;
    case "closeAll":
      return state.openPath.length > 0 ? { ...state, openPath: [], pinned: 0 } : state;
    case "navigate":
      return { ...state, menuOpen: false, openPath: [], pinned: 0 };
  }
}

export function isGroupOpen(state: NavState, path: string[]): boolean {
  return startsWith(state.openPath, path);
}

/** What the device offers, from media queries (both false on the server). */
export interface NavMedia {
  /** A wide viewport (DESKTOP_QUERY). */
  wide: boolean;
  /** A fine pointer that can hover (HOVER_QUERY): a mouse or trackpad. */
  canHover: boolean;
}

/**
 * How the menu behaves. On a wide screen submenus float beside or below their item, in
 * the bar at the top of the page and in the expanded menu once scrolled alike, so hover
 * can open them without moving anything else. On a phone or tablet-width screen they
 * open in place in the panel, by click or tap only.
 */
export function navMode(state: Pick<NavState, "scrolled">, media: NavMedia) {
  return {
    /** The menu is a panel behind the Menu button (any screen once scrolled; phones always). */
    panel: state.scrolled || !media.wide,
    /** Submenus float, so a submenu closes once focus leaves it. */
    floatingSubmenus: media.wide,
    /** Resting the pointer on Careers, Services or Current Openings opens them. */
    hoverOpens: media.wide && media.canHover,
  };
}
