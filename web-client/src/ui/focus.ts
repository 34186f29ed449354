// Where keyboard focus goes, on purpose: into a dialog and kept there, back
// out to what opened it, and to a screen's main control when the screen
// changes under it (a TV driven by a remote has no mouse to put it back).
import { useEffect, useRef } from "preact/hooks";

const TABBABLE = [
  "a[href]",
  "button",
  "input",
  "select",
  "textarea",
  "[tabindex]",
  "[contenteditable=true]",
].join(",");

/** Whether `el` can be reached with Tab now: enabled, not tabindex -1, not hidden. */
export function isTabbable(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) return false;
  const h = el as HTMLElement;
  if ((h as HTMLButtonElement).disabled) return false;
  if (h.tabIndex < 0) return false;
  if (h.getAttribute("tabindex") === "-1") return false;
  if (h.closest("[inert],[hidden],[aria-hidden=true]")) return false;
  if (h instanceof HTMLInputElement && h.type === "hidden") return false;
  // a radio of a native group: only its checked one (or its first) is a Tab stop
  if (h instanceof HTMLInputElement && h.type === "radio" && !h.checked && h.name) {
    const form = h.form ?? h.ownerDocument;
    const group = [...form.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(h.name)}"]`)];
    if (group.some((r) => r.checked) || group[0] !== h) return false;
  }
  // laid out (jsdom lays nothing out: there, no box is not taken for hidden)
  if (typeof h.getClientRects === "function" && h.getClientRects().length === 0 && layoutKnown()) return false;
  return true;
}

/** jsdom has no layout: every element has no box there, so the box test is skipped. */
function layoutKnown(): boolean {
  return document.documentElement.getClientRects().length > 0;
}

/** The Tab stops inside `root`, in document order. */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll(TABBABLE)].filter(isTabbable);
}

/** The open modal dialogs, the newest last (a confirmation over the host menu). */
const modals: HTMLElement[] = [];

/** The modal dialog that owns the keyboard now, if any. */
export function topModal(): HTMLElement | null {
  for (let i = modals.length - 1; i >= 0; i--) if (modals[i].isConnected) return modals[i];
  return null;
}

/** Whether a `data-main` element can take focus now (it may be a heading with tabindex -1). */
function usable(el: HTMLElement): boolean {
  if ((el as HTMLButtonElement).disabled || el.closest("[inert],[hidden],[aria-hidden=true]")) return false;
  return !layoutKnown() || el.getClientRects().length > 0;
}

/**
 * The main control of a screen: the first marked `data-main` that is usable
 * (Start, Play again, the Host menu button, a game's heading), else its first
 * Tab stop, else its heading.
 */
export function mainControl(root: ParentNode): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>("[data-main]")) if (usable(el)) return el;
  const modal = topModal();
  const first = tabbables(root).find((el) => !modal || modal.contains(el));
  if (first) return first;
  const heading = root.querySelector<HTMLElement>("h1, h2");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    return heading;
  }
  return null;
}

/** Focus `el` without scrolling the TV's page (it never scrolls) and with its ring shown. */
export function focusOn(el: HTMLElement | null): boolean {
  if (!el) return false;
  try {
    // (Chromium 136+: focusVisible shows the ring on programmatic focus; others ignore the option)
    el.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
  } catch {
    el.focus();
  }
  return document.activeElement === el;
}

/** Whether nothing has focus: the page itself (<body>), or an element that has left the page. */
export function focusLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement || !a.isConnected;
}

/**
 * Tab and Shift+Tab go round the Tab stops of `box` and never leave it;
 * focus that has strayed outside (a click on the backdrop) comes back in.
 */
export function trapTab(e: KeyboardEvent, box: HTMLElement): void {
  if (e.key !== "Tab" || e.altKey || e.ctrlKey || e.metaKey) return;
  const stops = tabbables(box);
  const active = document.activeElement as HTMLElement | null;
  if (stops.length === 0) {
    e.preventDefault();
    box.focus();
    return;
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  const inside = active !== null && box.contains(active);
  if (!inside) {
    e.preventDefault();
    focusOn(e.shiftKey ? last : first);
  } else if (e.shiftKey && (active === first || active === box)) {
    e.preventDefault();
    focusOn(last);
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    focusOn(first);
  }
}

/** Tab traps to the newest open dialog (one listener for them all). */
function onModalKey(e: KeyboardEvent): void {
  const box = topModal();
  if (box) trapTab(e, box);
}

/**
 * A modal dialog's focus: taken when it opens (by its control marked
 * `data-autofocus`, else by the dialog itself), kept inside while it is open
 * (Tab goes round), and given back when it closes: to the control that opened
 * it, or, when that control has gone (the row of a player just removed), into
 * the dialog the opener was in (the host menu behind a confirmation), at its
 * selected tab or first control.
 */
export function useModalFocus<T extends HTMLElement>(): { current: T | null } {
  const ref = useRef<T>(null);
  // while it is the dialog in front: focus that falls out of it (the focused row removed) comes back in
  const inside = () => {
    const box = ref.current;
    return box ? box.querySelector<HTMLElement>("[role=tab][aria-selected=true]") ?? tabbables(box)[0] ?? box : null;
  };
  useFocusKeeper(ref, inside, () => ref.current !== null && topModal() === ref.current);
  useEffect(() => {
    const box = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    const around = opener?.closest<HTMLElement>("[aria-modal=true]") ?? null;
    if (box) {
      modals.push(box);
      if (modals.length === 1) document.addEventListener("keydown", onModalKey);
      focusOn(box.querySelector<HTMLElement>("[data-autofocus]") ?? box);
    }
    return () => {
      const i = box ? modals.indexOf(box) : -1;
      if (i >= 0) modals.splice(i, 1);
      if (modals.length === 0) document.removeEventListener("keydown", onModalKey);
      // (after the render that removed the dialog: the opener may be re-rendered or gone by then)
      const giveBack = () => {
        if (!focusLost() && !(box && box.contains(document.activeElement))) return;
        if (opener && opener.isConnected && !(opener as HTMLButtonElement).disabled) {
          focusOn(opener);
        } else if (around && around.isConnected) {
          focusOn(around.querySelector<HTMLElement>("[role=tab][aria-selected=true]") ?? tabbables(around)[0] ?? around);
        }
      };
      giveBack();
      setTimeout(giveBack, 0);
    };
  }, []);
  return ref;
}

/** Whether focus fell from `last` (removed, or disabled under it) to nowhere; a click on the page's background is not that. */
function droppedFrom(last: HTMLElement | null): boolean {
  if (!focusLost()) return false;
  return last === null || !last.isConnected || Boolean((last as HTMLButtonElement).disabled);
}

/**
 * Keeps focus in `root`: whenever focus falls to nowhere because the focused
 * control was removed or disabled (after a render of the component using it,
 * or between its renders), it goes to `fallback()`, while `active()` holds.
 */
function useFocusKeeper(root: { current: HTMLElement | null }, fallback: () => HTMLElement | null, active: () => boolean): { current: HTMLElement | null } {
  const last = useRef<HTMLElement | null>(null);
  const latest = useRef({ fallback, active });
  latest.current = { fallback, active };
  useEffect(() => {
    if (root.current && latest.current.active() && last.current && droppedFrom(last.current)) focusOn(latest.current.fallback());
  });
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const into = (e: FocusEvent) => {
      last.current = e.target as HTMLElement;
    };
    const out = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (root.current && latest.current.active() && droppedFrom(last.current)) focusOn(latest.current.fallback());
      }, 50);
    };
    el.addEventListener("focusin", into);
    el.addEventListener("focusout", out);
    return () => {
      el.removeEventListener("focusin", into);
      el.removeEventListener("focusout", out);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return last;
}

/**
 * A screen's focus (the TV): when `screen` changes (lobby, game, game over,
 * ended), focus moves to the new screen's main control, unless a modal
 * dialog holds it; and whenever focus falls to nowhere because the focused
 * control was removed or disabled, it goes to the main control too, so a
 * remote's arrows and OK always have something to act on.
 */
export function useScreenFocus(root: { current: HTMLElement | null }, screen: string): void {
  const shown = useRef<string | null>(null);
  useFocusKeeper(root, () => (root.current ? mainControl(root.current) : null), () => topModal() === null);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    if (shown.current === screen) return;
    shown.current = screen;
    const modal = topModal();
    if (modal && modal.contains(document.activeElement)) return;
    focusOn(mainControl(el));
  });
}
