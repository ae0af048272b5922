import { describe, expect, it } from "vitest";
import {
  initialNavState,
  isGroupOpen,
  type NavState,
  navReducer,
  SCROLL_THRESHOLD,
} from "~/components/site-header/nav-state";

const run = (...actions: Parameters<typeof navReducer>[1][]): NavState => actions.reduce(navReducer, initialNavState);

describe("navigation bar state", () => {
  it("starts at the top with everything closed", () => {
    expect(initialNavState).toEqual({ scrolled: false, menuOpen: false, openPath: [] });
  });

  it("collapses once the page scrolls past the threshold and expands again at the top", () => {
    expect(run({ type: "scroll", y: SCROLL_THRESHOLD }).scrolled).toBe(false);
    expect(run({ type: "scroll", y: SCROLL_THRESHOLD + 1 }).scrolled).toBe(true);
    expect(run({ type: "scroll", y: 500 }, { type: "scroll", y: 0 }).scrolled).toBe(false);
  });

  it("closes an open menu and submenus when the page scrolls", () => {
    const open = run({ type: "toggleMenu" }, { type: "toggleGroup", path: ["careers"] });
    expect(open.menuOpen).toBe(true);
    expect(isGroupOpen(open, ["careers"])).toBe(true);
    const scrolled = navReducer(open, { type: "scroll", y: 400 });
    expect(scrolled.menuOpen).toBe(false);
    expect(scrolled.openPath).toEqual([]);
  });

  it("keeps the same state object for a scroll that changes nothing, so React skips a render", () => {
    const state = run({ type: "scroll", y: 400 });
    expect(navReducer(state, { type: "scroll", y: 420 })).toBe(state);
  });

  it("opens one top-level submenu at a time", () => {
    const state = run({ type: "toggleGroup", path: ["careers"] }, { type: "toggleGroup", path: ["services"] });
    expect(isGroupOpen(state, ["services"])).toBe(true);
    expect(isGroupOpen(state, ["careers"])).toBe(false);
  });

  it("opens the third level inside its parent and closes it alone", () => {
    const nested = run(
      { type: "openGroup", path: ["careers"] },
      { type: "toggleGroup", path: ["careers", "openings"] },
    );
    expect(isGroupOpen(nested, ["careers", "openings"])).toBe(true);
    expect(isGroupOpen(nested, ["careers"])).toBe(true);
    const closed = navReducer(nested, { type: "closeGroup", path: ["careers", "openings"] });
    expect(isGroupOpen(closed, ["careers", "openings"])).toBe(false);
    expect(isGroupOpen(closed, ["careers"])).toBe(true);
  });

  it("closing a parent closes its children (hover leaving Careers)", () => {
    const nested = run({ type: "openGroup", path: ["careers", "openings"] });
    expect(navReducer(nested, { type: "closeGroup", path: ["careers"] }).openPath).toEqual([]);
  });

  it("toggling the menu button opens and closes the panel", () => {
    expect(run({ type: "toggleMenu" }).menuOpen).toBe(true);
    expect(run({ type: "toggleMenu" }, { type: "toggleMenu" }).menuOpen).toBe(false);
  });

  it("navigating to another page closes everything", () => {
    const state = run({ type: "toggleMenu" }, { type: "openGroup", path: ["services"] }, { type: "navigate" });
    expect(state.menuOpen).toBe(false);
    expect(state.openPath).toEqual([]);
  });
});
