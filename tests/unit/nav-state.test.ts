import { describe, expect, it } from "vitest";
import {
  initialNavState,
  isGroupOpen,
  navMode,
  type NavState,
  navReducer,
  SCROLL_THRESHOLD,
} from "~/components/site-header/nav-state";

const run = (...actions: Parameters<typeof navReducer>[1][]): NavState => actions.reduce(navReducer, initialNavState);

describe("navigation bar state", () => {
  it("starts with everything closed and the scroll not yet measured (the server's render)", () => {
    expect(initialNavState).toEqual({ scrolled: null, menuOpen: false, openPath: [], pinned: 0 });
  });

  it("the first measurement settles the scroll, at the top as well as part-way down", () => {
    expect(navReducer(initialNavState, { type: "scroll", y: 0 })).toMatchObject({ scrolled: false });
    expect(navReducer(initialNavState, { type: "scroll", y: 0 })).not.toBe(initialNavState);
    expect(navReducer(initialNavState, { type: "scroll", y: 900 })).toMatchObject({ scrolled: true });
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
    const top = run({ type: "scroll", y: 0 });
    expect(navReducer(top, { type: "scroll", y: 10 })).toBe(top);
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

  it("hover opens a submenu and the pointer leaving closes it, in the bar and in the expanded menu", () => {
    for (const start of [initialNavState, run({ type: "scroll", y: 400 }, { type: "toggleMenu" })]) {
      const hovered = navReducer(start, { type: "hoverGroup", path: ["careers"] });
      expect(isGroupOpen(hovered, ["careers"])).toBe(true);
      expect(hovered.menuOpen).toBe(start.menuOpen);
      const left = navReducer(hovered, { type: "unhoverGroup", path: ["careers"] });
      expect(isGroupOpen(left, ["careers"])).toBe(false);
      expect(left.menuOpen).toBe(start.menuOpen);
    }
  });

  it("hover opens the third level inside its parent, and leaving both closes both", () => {
    const state = run({ type: "hoverGroup", path: ["careers"] }, { type: "hoverGroup", path: ["careers", "openings"] });
    expect(state.openPath).toEqual(["careers", "openings"]);
    const leftThird = navReducer(state, { type: "unhoverGroup", path: ["careers", "openings"] });
    expect(leftThird.openPath).toEqual(["careers"]);
    expect(navReducer(leftThird, { type: "unhoverGroup", path: ["careers"] }).openPath).toEqual([]);
  });

  it("hovering one submenu closes another that hover opened", () => {
    const state = run(
      { type: "hoverGroup", path: ["careers", "openings"] },
      { type: "hoverGroup", path: ["services"] },
    );
    expect(state.openPath).toEqual(["services"]);
  });

  it("hovering an item inside an open submenu keeps that submenu as it is", () => {
    const state = run({ type: "hoverGroup", path: ["careers", "openings"] });
    expect(navReducer(state, { type: "hoverGroup", path: ["careers"] })).toBe(state);
  });

  it("a click on a submenu that hover opened keeps it open; the next click closes it", () => {
    const clicked = run({ type: "hoverGroup", path: ["services"] }, { type: "toggleGroup", path: ["services"] });
    expect(isGroupOpen(clicked, ["services"])).toBe(true);
    const again = navReducer(clicked, { type: "toggleGroup", path: ["services"] });
    expect(isGroupOpen(again, ["services"])).toBe(false);
  });

  it("a submenu opened by a click or a key stays open when the pointer leaves it", () => {
    for (const open of [{ type: "toggleGroup" as const }, { type: "openGroup" as const }]) {
      const state = run({ ...open, path: ["careers"] }, { type: "unhoverGroup", path: ["careers"] });
      expect(isGroupOpen(state, ["careers"])).toBe(true);
    }
    // Clicked after hover opened it: the click pinned it too.
    const pinned = run(
      { type: "hoverGroup", path: ["careers"] },
      { type: "toggleGroup", path: ["careers"] },
      { type: "unhoverGroup", path: ["careers"] },
    );
    expect(isGroupOpen(pinned, ["careers"])).toBe(true);
  });

  it("a clicked submenu keeps open while a third level opened by hover inside it closes", () => {
    const state = run(
      { type: "toggleGroup", path: ["careers"] },
      { type: "hoverGroup", path: ["careers", "openings"] },
      { type: "unhoverGroup", path: ["careers", "openings"] },
      { type: "unhoverGroup", path: ["careers"] },
    );
    expect(state.openPath).toEqual(["careers"]);
    // ...and a click on Careers then closes it: it was opened by a click, not by hover.
    expect(navReducer(state, { type: "toggleGroup", path: ["careers"] }).openPath).toEqual([]);
  });

  it("Escape (closeGroup) closes a submenu however it was opened", () => {
    for (const open of ["toggleGroup", "openGroup", "hoverGroup"] as const) {
      const state = run({ type: open, path: ["services"] }, { type: "closeGroup", path: ["services"] });
      expect(state.openPath, open).toEqual([]);
      expect(state.pinned, open).toBe(0);
    }
  });

  it("scrolling, the Menu button and navigating forget what was pinned", () => {
    const pinned = run({ type: "toggleGroup", path: ["careers"] });
    for (const action of [{ type: "scroll", y: 400 }, { type: "toggleMenu" }, { type: "navigate" }] as const) {
      expect(navReducer(pinned, action)).toMatchObject({ openPath: [], pinned: 0 });
    }
  });
});

describe("navigation mode", () => {
  const desktop = { wide: true, canHover: true };
  const phone = { wide: false, canHover: false };
  const narrowWindowWithMouse = { wide: false, canHover: true };
  const wideTouchScreen = { wide: true, canHover: false };

  it("on a desktop, hover opens submenus at the top of the page and in the expanded menu once scrolled", () => {
    expect(navMode({ scrolled: false }, desktop)).toEqual({ panel: false, floatingSubmenus: true, hoverOpens: true });
    expect(navMode({ scrolled: true }, desktop)).toEqual({ panel: true, floatingSubmenus: true, hoverOpens: true });
  });

  it("on a phone, the menu is always a panel and submenus open by tap only", () => {
    for (const scrolled of [false, true]) {
      expect(navMode({ scrolled }, phone)).toEqual({ panel: true, floatingSubmenus: false, hoverOpens: false });
    }
  });

  it("a narrow window with a mouse behaves as a phone; a wide touch screen opens by tap", () => {
    expect(navMode({ scrolled: true }, narrowWindowWithMouse).hoverOpens).toBe(false);
    expect(navMode({ scrolled: false }, wideTouchScreen)).toEqual({
      panel: false,
      floatingSubmenus: true,
      hoverOpens: false,
    });
  });
});
