import type { GameUi } from "../types";
import { PizzaTheoryTable } from "./Table";
import { PizzaTheoryHand } from "./Hand";
import { PizzaTheoryHelp } from "./Help";

export const pizzaTheoryUi: GameUi = {
  id: "pizza_theory",
  Table: PizzaTheoryTable,
  Hand: PizzaTheoryHand,
  Help: PizzaTheoryHelp,
  waitingOn: (game) => (game.waiting ?? []) as number[],
  scores: (game) => ((game.seats ?? []) as { on_pizza: number }[]).map((s) => `${s.on_pizza} / 16`),
};
