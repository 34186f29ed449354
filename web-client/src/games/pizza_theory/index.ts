import type { GameUi } from "../types";
import "./styles.css";
import { S } from "../../strings";
import { PizzaTheoryTable } from "./Table";
import { PizzaTheoryHand } from "./Hand";
import { PizzaTheoryHelp } from "./Help";

export const pizzaTheoryUi: GameUi = {
  id: "pizza_theory",
  Table: PizzaTheoryTable,
  Hand: PizzaTheoryHand,
  Help: PizzaTheoryHelp,
  waitingOn: (game) => (game.waiting ?? []) as number[],
  // The hub's summary names the engine's colours; the players know their own.
  summary: (game) => (S[`pt_end_${game.end_reason}` as keyof typeof S] as string | undefined) ?? null,
  scores: (game) => ((game.seats ?? []) as { on_pizza: number }[]).map((s) => `${s.on_pizza} / 16`),
};
