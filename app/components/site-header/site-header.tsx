/**
 * The fixed navigation bar (the WAI-ARIA disclosure navigation pattern). At the top of the
 * page it is transparent with the logo and the full menu; once scrolled it collapses to a
 * menu button and a scroll-to-top button, solid and labelled ("Top", "Menu") so they read
 * as controls on any background. The menu opens under its button, with the logo and a
 * "Talk to an engineer" action. On a desktop (wide screen, a pointer that can
 * hover) the dropdowns open on hover, in the bar and in the expanded menu alike;
 * everything opens on click, tap and keyboard. Without JavaScript the noscript stylesheet
 * makes the menu open by :hover/:focus-within on desktop and by a #site-menu link on phones.
 */
import { type KeyboardEvent, useEffect, useReducer, useRef } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { groupHoldsPath, isGroup, mainNav, type NavGroup, type NavItem } from "~/content/navigation.ts";
import { DESKTOP_QUERY, HOVER_QUERY, useMediaQuery } from "~/lib/use-media-query.ts";
import { ArrowUpIcon, ChevronDownIcon, CloseIcon, MenuIcon } from "../icons.tsx";
import { PageLink, useCurrentPath } from "../page-link.tsx";
import { initialNavState, isGroupOpen, type NavAction, navMode, navReducer } from "./nav-state.ts";
import "./site-header.css";

const MENU_ID = "site-menu";

export function SiteHeader() {
  const [state, dispatch] = useReducer(navReducer, initialNavState);
  const pathname = useCurrentPath();
  const wide = useMediaQuery(DESKTOP_QUERY);
  const canHover = useMediaQuery(HOVER_QUERY);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { panel: panelMode, floatingSubmenus, hoverOpens } = navMode(state, { wide, canHover });

  // A new page closes the menu.
  useEffect(() => {
    dispatch({ type: "navigate" });
  }, [pathname]);

  useEffect(() => {
    const onScroll = () => dispatch({ type: "scroll", y: window.scrollY });
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A click or tap anywhere outside the navigation closes its open parts.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (navRef.current?.contains(target) || menuButton.current?.contains(target)) return;
      dispatch({ type: "closeMenu" });
    };
    // Escape anywhere dismisses what hover opened (WCAG 1.4.13); the menu's own keys come first.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) dispatch({ type: "closeMenu" });
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  const scrollToTop = () => {
    // An instant jump: a smooth one is cut short when the focused button disappears
    // half-way up. The full bar is drawn at once, so focus can move to its logo.
    window.scrollTo({ top: 0, behavior: "instant" });
    flushSync(() => dispatch({ type: "scroll", y: 0 }));
    document.getElementById("top")?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    handleMenuKeys(event, state.menuOpen, dispatch, menuButton.current, !panelMode);
  };

  return (
    <header className="site-header" data-scrolled={state.scrolled ?? undefined} data-menu-open={state.menuOpen}>
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" id="top" aria-label="Blueberry Semiconductors, home">
          <img src="/images/brand/logo.svg" alt="" width="220" height="48" />
        </Link>
        {/* Before the menu button, so that the menu button keeps its place at the edge when this one appears. */}
        <button
          type="button"
          className="site-header__button site-header__top-button js-only"
          onClick={scrollToTop}
          hidden={!state.scrolled || state.menuOpen}
        >
          <ArrowUpIcon />
          <span className="visually-hidden">Scroll to </span>
          <span className="site-header__button-label">top</span>
        </button>
        <button
          ref={menuButton}
          type="button"
          className="site-header__button site-header__menu-button js-only"
          aria-expanded={state.menuOpen}
          aria-controls={MENU_ID}
          onClick={() => dispatch({ type: "toggleMenu" })}
          onKeyDown={(event) => {
            if (event.key === "Escape" && state.menuOpen) {
              event.preventDefault();
              dispatch({ type: "closeMenu" });
            }
          }}
        >
          {state.menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="site-header__button-label">Menu</span>
        </button>
        <noscript>
          <a href={`#${MENU_ID}`} className="site-header__button site-header__menu-button">
            <MenuIcon />
            <span className="site-header__button-label">Menu</span>
          </a>
        </noscript>
        <nav
          ref={navRef}
          id={MENU_ID}
          aria-label="Main"
          className="site-nav"
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (panelMode && next && !event.currentTarget.contains(next) && !menuButton.current?.contains(next)) {
              // The panel covers the page: when Tab leaves it (not back to the Menu button),
              // it closes, so focus never lands on something hidden behind it (WCAG 2.4.11).
              dispatch({ type: "closeMenu" });
            } else if (floatingSubmenus) {
              // A floating submenu closes once focus has left it (for another item or the page).
              const kept = next && event.currentTarget.contains(next) ? groupsHolding(next) : [];
              const common = state.openPath.findIndex((id, i) => kept[i] !== id);
              if (common !== -1) dispatch({ type: "closeGroup", path: state.openPath.slice(0, common + 1) });
            }
          }}
        >
          <MenuList
            items={mainNav}
            path={[]}
            state={state}
            dispatch={dispatch}
            hoverOpens={hoverOpens}
            pathname={pathname}
          />
          {/* The menu's one action, in the panel (the bar at the top of a wide screen has Contact). */}
          <p className="site-nav__action">
            <Link to="/contact" className="button button--accent">
              Talk to an engineer
            </Link>
          </p>
          <noscript>
            <a href="#top" className="site-nav__close">
              Close menu
            </a>
          </noscript>
        </nav>
      </div>
    </header>
  );
}

interface MenuListProps {
  items: NavItem[];
  path: string[];
  state: ReturnType<typeof navReducer>;
  dispatch: (action: NavAction) => void;
  hoverOpens: boolean;
  pathname: string;
  id?: string;
}

function MenuList({ items, path, id, ...shared }: MenuListProps) {
  return (
    <ul className="site-nav__list" id={id} data-depth={path.length}>
      {items.map((item) =>
        isGroup(item) ? (
          <MenuGroup key={item.id} group={item} path={[...path, item.id]} {...shared} />
        ) : (
          <li key={item.to} className="site-nav__item">
            <PageLink to={item.to} className="site-nav__link">
              {item.label}
            </PageLink>
          </li>
        ),
      )}
    </ul>
  );
}

function MenuGroup({ group, path, ...shared }: Omit<MenuListProps, "items"> & { group: NavGroup }) {
  const { state, dispatch, hoverOpens, pathname } = shared;
  const open = isGroupOpen(state, path);
  const submenuId = `submenu-${group.id}`;
  return (
    <li
      className="site-nav__item site-nav__group"
      data-open={open}
      onMouseEnter={hoverOpens ? () => dispatch({ type: "hoverGroup", path }) : undefined}
      onMouseLeave={hoverOpens ? () => dispatch({ type: "unhoverGroup", path }) : undefined}
    >
      <button
        type="button"
        className="site-nav__link site-nav__toggle"
        aria-expanded={open}
        aria-controls={submenuId}
        data-current-section={groupHoldsPath(group, pathname) || undefined}
        onClick={() => dispatch({ type: "toggleGroup", path })}
      >
        {group.label}
        <ChevronDownIcon className="site-nav__chevron" />
      </button>
      <MenuList items={group.items} path={path} id={submenuId} {...shared} />
    </li>
  );
}

/** The focusable control (link or toggle) of each item in the list that holds `from`. */
function siblingsOf(from: HTMLElement): HTMLElement[] {
  const list = from.closest("ul");
  if (!list) return [];
  return Array.from(list.children).flatMap((li) => {
    const control = li.querySelector<HTMLElement>(":scope > a, :scope > button");
    return control ? [control] : [];
  });
}

/** Keyboard support beyond Tab: arrows move within a list, Escape closes and returns focus. */
function handleMenuKeys(
  event: KeyboardEvent<HTMLElement>,
  menuOpen: boolean,
  dispatch: (action: NavAction) => void,
  menuButton: HTMLButtonElement | null,
  horizontalTop: boolean,
) {
  const target = event.target as HTMLElement;
  const siblings = siblingsOf(target);
  const index = siblings.indexOf(target);
  const depth = Number(target.closest("ul")?.dataset.depth ?? 0);
  const horizontal = horizontalTop && depth === 0;
  const move = (delta: number) => {
    if (index === -1 || siblings.length === 0) return;
    event.preventDefault();
    siblings[(index + delta + siblings.length) % siblings.length]?.focus();
  };
  const openAndEnter = () => {
    if (!target.matches("button[aria-controls]")) return false;
    const submenu = document.getElementById(target.getAttribute("aria-controls") ?? "");
    event.preventDefault();
    const path = groupsHolding(target);
    flushSync(() => dispatch({ type: "openGroup", path }));
    submenu?.querySelector<HTMLElement>(":scope > li > a, :scope > li > button")?.focus();
    return true;
  };

  switch (event.key) {
    case "ArrowDown":
      if (horizontal) openAndEnter();
      else move(1);
      break;
    case "ArrowUp":
      move(-1);
      break;
    case "ArrowRight":
      if (horizontal) move(1);
      else openAndEnter();
      break;
    case "ArrowLeft":
      if (horizontal) move(-1);
      else if (depth > 0) closeInnermost(target, dispatch, event);
      break;
    case "Home":
      if (siblings.length > 0) {
        event.preventDefault();
        siblings[0]?.focus();
      }
      break;
    case "End":
      if (siblings.length > 0) {
        event.preventDefault();
        siblings.at(-1)?.focus();
      }
      break;
    case "Escape":
      if (target.matches("button[aria-expanded='true']")) {
        event.preventDefault();
        dispatch({ type: "closeGroup", path: groupsHolding(target) });
      } else if (depth > 0) {
        closeInnermost(target, dispatch, event);
      } else if (menuOpen) {
        event.preventDefault();
        dispatch({ type: "closeMenu" });
        menuButton?.focus();
      }
      break;
  }
}

/**
 * The ids of the groups that hold `node` (in their toggle or submenu), outermost first;
 * for a toggle, the path of its own group.
 */
function groupsHolding(node: Node): string[] {
  const ids: string[] = [];
  const element = node instanceof Element ? node : node.parentElement;
  let li: HTMLElement | null = element?.closest<HTMLElement>("li.site-nav__group") ?? null;
  while (li) {
    const id = li
      .querySelector(":scope > button")
      ?.getAttribute("aria-controls")
      ?.replace(/^submenu-/, "");
    if (id) ids.unshift(id);
    li = li.parentElement?.closest("li.site-nav__group") ?? null;
  }
  return ids;
}

/** Closes the submenu that holds `target` and puts focus on the toggle that opened it. */
function closeInnermost(target: HTMLElement, dispatch: (action: NavAction) => void, event: KeyboardEvent) {
  const group = target.closest("ul")?.closest("li.site-nav__group");
  const toggle = group?.querySelector<HTMLButtonElement>(":scope > button");
  if (!toggle) return;
  event.preventDefault();
  dispatch({ type: "closeGroup", path: groupsHolding(toggle) });
  toggle.focus();
}
