// Splittissimo's view (games/splittissimo/views.py) for the screens: cards,
// the open cards a trick may use, and the reaction window's countdown.  A
// pick is never checked here: the hub judges every try (issue 25).
import type { View } from "../types";

export interface Card {
  id: number;
  kind: "pizza" | "order" | "special_order" | "cancelled_order";
  text: string;
  amount: string;
  slices: number;
  of: number;
  toppings: string[];
  dots: number;
}

/** The open cards a trick may use: the table (easy) or the piles' tops. */
export function openCards(game: View): Card[] {
  if (game.level === "easy") return (game.table ?? []) as Card[];
  return ((game.piles ?? []) as { top: Card | null }[]).map((p) => p.top).filter((c): c is Card => c !== null);
}

/** Milliseconds left in a reaction window that opened `ms` long at `since`. */
export function windowLeft(ms: number, since: number, now: number): number {
  // Never more than the window's length, whatever the clocks say (issue 24: a
  // stale "now" once showed 94 s for a 3 s window).
  return Math.min(ms, Math.max(0, ms - (now - since)));
}

/** The last Cancelled Order as the view has it: who was skipped, by whom, and (newer hubs) the turn it began. */
export interface CancelSeen {
  seat: number;
  by: number;
  turn?: number;
}

/**
 * Whether "Bo cancelled Max's turn" is still news at `turn`.  A cancel starts
 * the next turn at once, so the line is true for that turn only; it goes when
 * the turn after begins.  `since` is the turn at which this screen first saw
 * this cancel (used when the hub does not say the turn itself).
 */
export function cancelIsNews(cancel: CancelSeen | null | undefined, turn: number, since: number | null): boolean {
  if (!cancel) return false;
  const began = typeof cancel.turn === "number" ? cancel.turn : since;
  return began !== null && turn <= began;
}

/** "3/8" -> 0.375, for drawing. */
export function fractionValue(text: string): number {
  const [n, d] = String(text).split("/").map(Number);
  return d ? n / d : n;
}
