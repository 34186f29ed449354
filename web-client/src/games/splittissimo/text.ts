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
      return "Every pizza is delivered: no Pizza card is left!";
    case "deck_empty":
      return level === "easy"
        ? "The deck ran out: a card had to be drawn and none was left."
        : "The Order deck ran out: a card had to be drawn and none was left.";
    case "no_tricks":
      return "Everyone passed in a row.";
    default:
      return "The game is over.";
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

/** The hub's hint is null: the seat has nothing to play now (issue 15). */
export const NOTHING_TO_DO = "Nothing to play right now: wait for your turn.";
/** The hub did not answer the hint request. */
export const HINT_FAILED = "No hint right now: try again in a moment.";

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
    if (mineToPlay) return { mine: false, text: `Your turn starts when the countdown ends: the others may cancel it with a Cancelled Order.` };
    if (legal.some((c) => c.type === "PlayCancelledOrder"))
      return { mine: true, text: `${activeName}'s turn is about to start: you may cancel it with your Cancelled Order.` };
    return { mine: false, text: `${activeName}'s turn is about to start.` };
  }
  // A seat a bot plays for has no legal commands of its own: its turn, but nothing to tap.
  if (mineToPlay) return { mine: legal.length > 0, text: S.yourTurn };
  if (legal.some((c) => c.type === "PlaySpecialOrder"))
    return { mine: true, text: `${activeName}'s turn: you may take it over with your Special Order.` };
  return { mine: false, text: `${activeName}'s turn` };
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
  const specials = Number(part.specials);
  const cards = specials === 1 ? "1 special" : `${specials} specials`;
  return `${line.total} = ${line.delivered} delivered − ${line.orders} orders − ${cards}`;
}
