// Splittissimo's words that depend on the view: why the game ended, amounts
// written as children read them (13 1/2, not 27/2), and the phone's prompt
// during a reaction window.  Plain functions, so they are unit-tested.
import type { Command } from "../../net/wire";
import { S } from "../../strings";
import type { ErrorParams } from "../../net/wire";
import type { View } from "../types";
import { W } from "./words";

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

/** A card in a hint as printed (hints.py `hand_cards`, `table_cards`). */
export interface HintCard {
  amount: string;
  toppings?: string[];
}

/** A hint as the hub sends it (games/splittissimo/hints.py): structured, so each language writes its own sentence. */
export interface HintValue {
  kind?: string;
  text?: string;
  hand?: string[];
  table?: string[];
  hand_cards?: HintCard[];
  table_cards?: HintCard[];
  toppings?: string[];
  sum?: string;
  draws?: boolean;
  cards?: number;
  command?: { hand?: number[]; table?: number[] };
}

/**
 * The cards of one side of a hint as printed: "8/8" for an 8/8 (never "1"),
 * with their toppings where toppings count ("3/4 mushroom").  Older hubs send
 * the amounts alone; the toppings the trick needs are then said once per card.
 */
function hintCards(cards: HintCard[] | undefined, amounts: string[] | undefined, toppings: string[], withToppings: boolean): string[] {
  const w = W();
  if (cards?.length) return cards.map((c) => w.card(c.amount, withToppings ? c.toppings ?? [] : []));
  return (amounts ?? []).map((a) => w.card(a, withToppings ? toppings : []));
}

/** A hint's sentence in the language in use (null: the hub had nothing to suggest). */
export function hintText(hint: HintValue | null): string {
  if (!hint) return S.sp_nothingToDo;
  const w = W();
  const tops = hint.toppings ?? [];
  switch (hint.kind) {
    case "trick_easy":
      return w.hintEasy(hintCards(hint.hand_cards, hint.hand, [], false), hintCards(hint.table_cards, hint.table, [], false), sumText(hint.sum));
    case "trick":
      return w.hintTrick(hintCards(hint.hand_cards, hint.hand, tops, true), hintCards(hint.table_cards, hint.table, tops, true), sumText(hint.sum));
    case "special":
      return S.sp_hintSpecial(tops.map(w.topping), hint.table ?? [], sumText(hint.sum));
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

/** What the phone knows when the hub refuses a pick: the level, hints left, a trick taken this turn. */
export interface RefusalContext {
  level: string;
  hints: boolean;
  took: boolean;
}

/**
 * Why the hub refused a pick, in a child's words, from the error's code and
 * params (notes "Contracts": games/splittissimo judged attempts, H3):
 * "These make 5/8, but that pizza is 6/8", "The 3/4 pizza has no mushroom".
 * Amounts are said as printed.  null: not a refusal of a pick (the phone's
 * usual error sentence is used).
 */
export function refusalText(code: string, params: ErrorParams | null | undefined, ctx: RefusalContext): string | null {
  const w = W();
  const p = params ?? {};
  const str = (k: string) => (p[k] === undefined || p[k] === null ? null : String(p[k]));
  const num = (k: string) => (typeof p[k] === "number" ? (p[k] as number) : p[k] !== undefined && p[k] !== "" && !Number.isNaN(Number(p[k])) ? Number(p[k]) : null);
  const level = str("level") ?? ctx.level;
  switch (code) {
    case "trick/amounts_differ": {
      const hand = str("hand_sum");
      const table = str("table_sum");
      if (!hand || !table) return S.errors[code] ?? null;
      const easy = level === "easy";
      return w.amountsDiffer(w.handMakes(num("hand_count") ?? 1, hand, easy), w.tableMakes(num("table_count") ?? 1, table));
    }
    case "trick/topping_missing": {
      const pizza = str("pizza");
      const topping = str("topping");
      if (!pizza || !topping) return S.errors[code] ?? null;
      return w.toppingMissing(pizza, w.topping(topping), str("order"));
    }
    case "trick/shape": {
      if (num("hand_count") === 0 || num("table_count") === 0) return w.pickBothSides;
      return level === "easy" ? w.shapeEasy : level === "advanced" ? w.shapeAdvanced : w.shapeStandard;
    }
    case "card/wrong_kind":
      return w.wrongKind;
    case "card/not_in_hand":
    case "card/not_open":
    case "card/repeated":
      return w.cardGone;
    case "class/slow_down":
      return w.slowDown(num("seconds") ?? 2);
    case "class/no_more_tries":
      return w.noMoreTries(num("max") ?? 5, ctx.hints, ctx.took);
    default:
      return null;
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
