import type { GameUi, View } from "../types";
import "./styles.css";
import { SplittissimoTable } from "./Table";
import { SplittissimoHand } from "./Hand";
import { SplittissimoHelp } from "./Help";
import { endReason, mixedNumber, scoreText, turnPrompt } from "./text";

export const splittissimoUi: GameUi = {
  id: "splittissimo",
  Table: SplittissimoTable,
  Hand: SplittissimoHand,
  Help: SplittissimoHelp,
  waitingOn: (game) => (game.phase === "over" ? [] : [Number(game.active)]),
  prompt: turnPrompt,
  // Why the game ended (the hub's summary names seats by number; the end panel names the winners).
  summary: (game) => (game.final ? endReason(String(game.final.reason), String(game.level)) : null),
  scores: (game) => {
    const final = game.final as View | null;
    if (final?.breakdown) return (final.breakdown as View[]).map((part) => scoreText(part, String(game.level)));
    if (final) return (final.scores as string[]).map(mixedNumber);
    return ((game.seats ?? []) as View[]).map((s) => mixedNumber(s.delivered));
  },
};
