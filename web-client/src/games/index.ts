// Each game's screens, by game id.
import type { GameUi } from "./types";
import { genericUi } from "./generic";
import { pizzaTheoryUi } from "./pizza_theory";
import { newYorkSliceUi } from "./new_york_slice";
import { splittissimoUi } from "./splittissimo";

const UIS: Record<string, GameUi> = {
  pizza_theory: pizzaTheoryUi,
  new_york_slice: newYorkSliceUi,
  splittissimo: splittissimoUi,
};

export function uiFor(gameId: string | null | undefined): GameUi {
  return (gameId && UIS[gameId]) || genericUi;
}
