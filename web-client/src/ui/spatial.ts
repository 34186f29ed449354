// Arrow keys on the TV: a remote has arrows and OK only, so an arrow moves
// focus to the nearest control in that direction (our own small rule, not a
// library): candidates lie beyond the focused control's edge in that
// direction; the nearest wins, a step off to the side counting double, so
// "down" prefers what is below over what is below and far to the right.
import { focusLost, focusOn, mainControl, tabbables, topModal } from "./focus";

export type Direction = "up" | "down" | "left" | "right";

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const KEYS: Record<string, Direction> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

/** The arrow key's direction, or null for any other key (or one held with a modifier). */
export function arrowDirection(e: KeyboardEvent): Direction | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  return KEYS[e.key] ?? null;
}

/** The gap between two ranges on one axis (0 when they overlap). */
function gap(a0: number, a1: number, b0: number, b1: number): number {
  if (b0 >= a1) return b0 - a1;
  if (a0 >= b1) return a0 - b1;
  return 0;
}

/**
 * How far `to` is from `from` going `dir`; null when it does not lie that
 * way (its far edge must pass the focused box's far edge, and its centre be
 * beyond the focused box's centre).
 */
export function distance(from: Box, to: Box, dir: Direction): number | null {
  const fcx = (from.left + from.right) / 2;
  const fcy = (from.top + from.bottom) / 2;
  const tcx = (to.left + to.right) / 2;
  const tcy = (to.top + to.bottom) / 2;
  let main: number;
  let side: number;
  let sideCentre: number;
  if (dir === "right" || dir === "left") {
    const ahead = dir === "right" ? to.right > from.right + 0.5 && tcx > fcx + 0.5 : to.left < from.left - 0.5 && tcx < fcx - 0.5;
    if (!ahead) return null;
    main = dir === "right" ? Math.max(0, to.left - from.right) : Math.max(0, from.left - to.right);
    side = gap(from.top, from.bottom, to.top, to.bottom);
    sideCentre = Math.abs(tcy - fcy);
  } else {
    const ahead = dir === "down" ? to.bottom > from.bottom + 0.5 && tcy > fcy + 0.5 : to.top < from.top - 0.5 && tcy < fcy - 0.5;
    if (!ahead) return null;
    main = dir === "down" ? Math.max(0, to.top - from.bottom) : Math.max(0, from.top - to.bottom);
    side = gap(from.left, from.right, to.left, to.right);
    sideCentre = Math.abs(tcx - fcx);
  }
  // a small share of the centres' offset breaks ties between boxes that both overlap
  return main + 2 * side + 0.01 * sideCentre;
}

/** The index of the nearest box going `dir` from `from`, or -1. */
export function nearest(from: Box, boxes: Box[], dir: Direction): number {
  let best = -1;
  let bestD = Infinity;
  boxes.forEach((b, i) => {
    const d = distance(from, b, dir);
    if (d !== null && d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/**
 * Whether the focused element keeps arrow `dir` for itself: typing in a text
 * field (every arrow), a number field (left and right), a native radio
 * button (left and right pick the next one; up and down leave the row).  Our
 * own radio groups and tab lists handle their arrows first and say so
 * (`preventDefault`), passing on the ones that lead out of them.
 */
export function arrowsTaken(el: Element | null, dir: Direction): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if ((el as HTMLElement).isContentEditable) return true;
  if (el instanceof HTMLInputElement) {
    if (["button", "checkbox", "submit", "reset", "image", "color", "file"].includes(el.type)) return false;
    if (el.type === "radio") return dir === "left" || dir === "right";
    // a number field: left and right move in it; up and down lead out (a remote's user going down
    // the lobby must not change the rounds on the way: the number is typed, or set with the remote's digits)
    if (el.type === "number") return dir === "left" || dir === "right";
    if (el.type === "range") return true;
    return true;
  }
  return el.closest("[role=slider],[role=listbox],[role=menu],[role=grid]") !== null;
}

/**
 * One arrow in a group with a single Tab stop (radio group, tab list): the
 * index of the item to move to, or null when the arrow leads out of the group
 * (left of the first, right of the last, up or down off a row: the TV's
 * arrows then go on to the nearest control that way).  Home and End go to the
 * first and last.
 */
export function groupStep(e: KeyboardEvent, items: HTMLElement[], current: number): number | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  if (e.key === "Home") return 0;
  if (e.key === "End") return items.length - 1;
  const dir = arrowDirection(e);
  if (!dir) return null;
  if (dir === "left") return current > 0 ? current - 1 : null;
  if (dir === "right") return current < items.length - 1 ? current + 1 : null;
  // up and down: within the group only where it is laid out in a column (the host phone's game list)
  const here = items[current].getBoundingClientRect();
  const others = items.map((el) => el.getBoundingClientRect());
  const i = nearest(here, others, dir);
  return i >= 0 && i !== current ? i : null;
}

/**
 * The TV's arrow keys, from `root` (the TV screen): each arrow moves focus to
 * the nearest control that way, inside the open modal dialog when there is
 * one.  With nothing focused, any arrow focuses the screen's main control.
 * Returns the function that removes the listener.
 */
export function spatialNavigation(root: HTMLElement): () => void {
  const key = (e: KeyboardEvent) => {
    const dir = arrowDirection(e);
    if (!dir || e.defaultPrevented) return;
    const scope = topModal() ?? root;
    const active = document.activeElement as HTMLElement | null;
    if (focusLost() || !active || !scope.contains(active) || active === scope) {
      const start = scope === root ? mainControl(root) : tabbables(scope)[0];
      if (start && focusOn(start)) e.preventDefault();
      return;
    }
    if (arrowsTaken(active, dir)) return;
    const from = active.getBoundingClientRect();
    const candidates = tabbables(scope).filter((el) => el !== active && !el.contains(active));
    const i = nearest(from, candidates.map((el) => el.getBoundingClientRect()), dir);
    // (nothing that way: the arrow does what it did before, no focus lost)
    if (i < 0) return;
    e.preventDefault();
    focusOn(candidates[i]);
    candidates[i].scrollIntoView?.({ block: "nearest", inline: "nearest" });
  };
  document.addEventListener("keydown", key);
  return () => document.removeEventListener("keydown", key);
}
