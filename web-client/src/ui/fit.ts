// A TV has no scroll bar anyone can reach: whatever a game shows must fit the
// window.  The layouts are sized for the fullest ordinary table, but a long
// game can still collect more than they planned for (six New York Slice
// tableaus full of slice kinds and Specials).  This hook is the safety net:
// when the page is taller than the window it shrinks the element's type a step
// at a time, synchronously after each render and on every resize, down to a
// floor that stays readable across a room.
import type { RefObject } from "preact";
import { useLayoutEffect } from "preact/hooks";

const STEP = 0.04;
const FLOOR = 0.72;

function overflow(): number {
  return document.documentElement.scrollHeight - window.innerHeight;
}

/** Shrink `el` (in em of its parent) until the page fits or the floor is reached. */
export function fitToWindow(el: HTMLElement, from: number): number {
  let scale = from;
  el.style.fontSize = `${scale}em`;
  while (overflow() > 0 && scale - STEP >= FLOOR) {
    scale = Math.round((scale - STEP) * 100) / 100;
    el.style.fontSize = `${scale}em`; // reading scrollHeight again lays the page out anew
  }
  return scale;
}

/**
 * Keep the element inside the window.  The scale only shrinks while one game
 * lasts (growing back and forth would make the table jump); a resize starts
 * again from full size, as does a new `key` (the next game).
 */
export function useFitToWindow(ref: RefObject<HTMLElement>, key: unknown, enabled: boolean): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const scale = Number(el.dataset.fit ?? "1");
    el.dataset.fit = String(fitToWindow(el, scale));
  });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const refit = () => {
      el.dataset.fit = String(fitToWindow(el, 1));
    };
    refit();
    window.addEventListener("resize", refit);
    return () => {
      window.removeEventListener("resize", refit);
      el.style.fontSize = "";
      delete el.dataset.fit;
    };
  }, [key, enabled]);
}
