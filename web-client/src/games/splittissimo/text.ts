// Splittissimo's words that depend on the view: why the game ended, amounts
// written as children read them (13 1/2, not 27/2), and the phone's prompt
// during a reaction window.  Plain functions, so they are unit-tested.
import type { Command } from "../../net/wire";
import { S } from "../../strings";
import type { View } from "../types";

/** Why the game ended (views.py `final.reason`), as the TV and phones say it. */
export function endReason(reason: string, level: string): string {
  switch (reason) {
    case "all_delivered":
      return S.sp_end_all_delivered;
    case "deck_empty":
      return level === "easy" ? S.sp_end_deck_empty : S.sp_end_deck_empty_orders;
    case "no_tricks":
      return S.sp_end_no_tricks;
    default:
      return S.sp_end_other;
  }
}

/** "27/2" -> "13 1/2", "-9/8" -> "-1 1/8", "4/2" -> "2", "3/4" stays; anything else unchanged. */
export function mixedNumber(text: unknown): string {
  const value = String(text ?? "");
  const match = /^(-?)(\d+)(?:\/(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, numText, denText] = match;
  const num = Number(numText);
  const den = denText ? Number(denText) : 1;
  if (den === 0) return value;
  const whole = Math.floor(num / den);
  const rest = num % den;
  if (rest === 0) return whole === 0 ? "0" : `${sign}${whole}`;
  return whole === 0 ? `${sign}${rest}/${den}` : `${sign}${whole} ${rest}/${den}`;
}

/**
 * A trick's sum with no amount said twice: the hub's chain can come back to
 * where it started ("1/4 + 1/4 = 2/4 = 1/4 + 1/4", "3/4 = 6/8 = 3/4"), and a
 * child reading "1/2 = 2/4 = 1/2" on the TV or in a hint wonders what changed.
 * Each step is kept the first time only; equal amounts written differently
 * ("1/2 = 2/4") are the point of the sum and stay.
 */
export function sumText(sum: unknown): string {
  const steps = String(sum ?? "")
    .split("=")
    .map((step) => step.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  return [...new Set(steps)].join(" = ");
}

/**
 * The font size (SVG units) that fits a card's one-word title, e.g. "CANCELAR",
 * inside `width` units: `base` when it fits, smaller when the word is long.
 * Bold capitals average at most 0.78 em (DejaVu Sans Bold's "CANCELAR" is
 * 0.74), plus the title's letter spacing.
 */
export function titleSize(word: string, base: number, width: number, spacing = 1): number {
  const n = Math.max(word.length, 1);
  return Math.min(base, Math.floor(((width - spacing * n) / (n * 0.78)) * 10) / 10);
}

/** A hint as the hub sends it (games/splittissimo/hints.py): structured, so each language writes its own sentence. */
export interface HintValue {
  kind?: string;
  text?: string;
  hand?: string[];
  table?: string[];
  toppings?: string[];
  sum?: string;
  draws?: boolean;
  cards?: number;
  command?: { hand?: number[]; table?: number[] };
}

/** A hint's sentence in the language in use (null: the hub had nothing to suggest). */
export function hintText(hint: HintValue | null): string {
  if (!hint) return S.sp_nothingToDo;
  const tops = (hint.toppings ?? []).map((t) => S.sp_topping[t as keyof typeof S.sp_topping] ?? t);
  const amounts = (xs: string[] | undefined) => (xs ?? []).map(mixedNumber);
  switch (hint.kind) {
    case "trick_easy":
      return S.sp_hintTrickEasy(amounts(hint.hand), amounts(hint.table), sumText(hint.sum));
    case "trick":
      return S.sp_hintTrick(amounts(hint.hand), amounts(hint.table), tops, sumText(hint.sum));
    case "special":
      return S.sp_hintSpecial(tops, amounts(hint.table), sumText(hint.sum));
    case "cancel":
      return S.sp_hintCancel(Boolean(hint.draws));
    case "end_turn":
      return S.sp_hintEndTurn(Number(hint.cards ?? 0));
    case "pass":
      return S.sp_hintPass;
    default:
      return S.sp_hintFailed;
  }
}

/**
 * The hint button's words from what this seat has left (issue 24, `you.hints`):
 * "Show me a hint" plus "2 hints left"; "No hints left" or "Hints are off",
 * disabled, when asking would only be refused.  No count (older hubs): ask freely.
 */
export function hintButton(hints: { left: number | null; off: boolean } | undefined): { label: string; status: string | null; usable: boolean } {
  if (!hints) return { label: S.sp_hint, status: null, usable: true };
  if (hints.off) return { label: S.sp_hintsOff, status: null, usable: false };
  if (hints.left === null) return { label: S.sp_hint, status: null, usable: true };
  if (hints.left <= 0) return { label: S.sp_hintsNone, status: null, usable: false };
  return { label: S.sp_hint, status: S.sp_hintsLeft(hints.left), usable: true };
}

export interface Prompt {
  /** True when this phone has something to do now (it buzzes and glows). */
  mine: boolean;
  text: string;
}

/**
 * What a phone tells its player now.  During a reaction window the active
 * player cannot act yet and the others may only cancel that turn, so both
 * are told whose turn it is and what the countdown is for, never "Your turn"
 * to someone whose only move is an interrupt.
 */
export function turnPrompt(game: View, legal: Command[], seat: number | null, nameOf: (seat: number) => string): Prompt | null {
  if (game.phase === "over" || game.phase === "dealing") return null;
  const active = Number(game.active);
  const activeName = nameOf(active);
  const mineToPlay = seat === active;
  if (game.window) {
    if (mineToPlay) return { mine: false, text: S.sp_waitCountdown };
    if (legal.some((c) => c.type === "PlayCancelledOrder")) return { mine: true, text: S.sp_mayCancel(activeName) };
    return { mine: false, text: S.sp_aboutToStart(activeName) };
  }
  // A seat a bot plays for has no legal commands of its own: its turn, but nothing to tap.
  if (mineToPlay) return { mine: legal.length > 0, text: S.yourTurn };
  if (legal.some((c) => c.type === "PlaySpecialOrder"))
    return { mine: true, text: S.sp_mayTakeOver(activeName) };
  return { mine: false, text: S.sp_turnOf(activeName) };
}

export interface ScoreLine {
  delivered: string;
  orders: string;
  specials: string;
  total: string;
}

/** The Advanced score's parts (views.py `final.breakdown`), as mixed numbers. */
export function scoreBreakdown(part: View): ScoreLine {
  return {
    delivered: mixedNumber(part.delivered),
    orders: mixedNumber(part.orders),
    specials: mixedNumber(part.specials),
    total: mixedNumber(part.total),
  };
}

/**
 * A final score as the end panel shows it: the mixed number, and in Advanced
 * the sum that makes it (RULES-NOTES 3.4), e.g.
 * "11 7/8 = 13 1/2 delivered − 5/8 orders − 1 special" (orders and special
 * cards left in hand).
 */
export function scoreText(part: View, level: string): string {
  const line = scoreBreakdown(part);
  if (level !== "advanced") return line.total;
  return S.sp_scoreAdvanced(line.total, line.delivered, line.orders, Number(part.specials));
}
