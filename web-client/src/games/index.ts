// Each game's screens, by game id.
import type { GameUi } from "./types";
import { genericUi } from "./generic";
import { pizzaTheoryUi } from "./pizza_theory";

const UIS: Record<string, GameUi> = {
  pizza_theory: pizzaTheoryUi,
};

export function uiFor(gameId: string | null | undefined): GameUi {
  return (gameId && UIS[gameId]) || genericUi;
}
