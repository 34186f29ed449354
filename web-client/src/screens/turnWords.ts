// What the phone says when it is this phone's turn: "Your turn" and what to
// do now, in one live region, so a screen reader hears the instruction and
// not "Your turn" alone.  The words are the games' own (the same sentence
// each game's hand shows above its buttons, chosen here from the same legal
// commands the hand looks at); the hands keep showing them as they do.
import type { Command, StateFrame } from "../net/wire";
import { S } from "../strings";
import type { View } from "../games/types";

const has = (legal: Command[], type: string) => legal.some((c) => c.type === type);

/** New York Slice: the hand's sentence for the decision in front of this phone. */
function newYorkSlice(game: View, legal: Command[]): string | null {
  if (has(legal, "ChooseStack")) return S.nys_pickStack;
  if (String(game.decision?.kind ?? "") === "dibs" && legal.length > 0) return S.nys_dibsHint;
  if (has(legal, "SliceRing")) return S.nys_sliceHint(Number(game.players));
  if (has(legal, "CutInLine")) return S.nys_cutInLineHint;
  if (has(legal, "DeclineSneak")) return S.nys_sneakHint;
  if (has(legal, "ChoosePortion")) return S.nys_choosePortion;
  if (has(legal, "FinishSeconds")) return S.nys_secondsHint;
  return null;
}

/** Pizza Theory: place a topping (or the neutral one), roll the neutral die, or pick a cut. */
function pizzaTheory(_game: View, legal: Command[]): string | null {
  if (has(legal, "PlaceNeutralTopping")) return S.pt_placeNeutral;
  if (has(legal, "AddTopping")) return S.pt_placeHint;
  if (has(legal, "RollNeutralDie")) return S.pt_rollHint;
  if (has(legal, "ChooseCut")) return S.pt_cutHint;
  return null;
}

const INSTRUCTIONS: Record<string, (game: View, legal: Command[]) => string | null> = {
  new_york_slice: newYorkSlice,
  pizza_theory: pizzaTheory,
};

/** The instruction for this phone's turn now, or null (not its turn, or the game has no sentence for it). */
export function turnInstruction(state: StateFrame): string | null {
  const legal = state.legal ?? [];
  if (!state.game || state.outcome || legal.length === 0 || state.you.seat == null) return null;
  return INSTRUCTIONS[state.lobby.game ?? ""]?.(state.game, legal) ?? null;
}
