import type { GameUi, View } from "../types";
import { SplittissimoTable } from "./Table";
import { SplittissimoHand } from "./Hand";
import { SplittissimoHelp } from "./Help";

export const splittissimoUi: GameUi = {
  id: "splittissimo",
  Table: SplittissimoTable,
  Hand: SplittissimoHand,
  Help: SplittissimoHelp,
  waitingOn: (game) => (game.phase === "over" ? [] : [Number(game.active)]),
  // The hub's summary names seats by number; the end panel already names the winners.
  summary: () => null,
  scores: (game) => {
    const final = game.final as View | null;
    if (final) return (final.scores as string[]).map(String);
    return ((game.seats ?? []) as View[]).map((s) => String(s.delivered));
  },
};
