// Pizza Theory for a screen reader (the a11y audit): each board space named
// with what is on it, and the board summed up in a sentence or two.
import type { LobbyPlayer } from "../../net/wire";
import { S } from "../../strings";
import { bySeat } from "../../ui/players";
import type { View } from "../types";
import { key, SPACES, type Cube } from "./geometry";
import { boardPieces, looksByColour, revealCuts } from "./model";
import { W } from "./words";

/** Who plays an engine colour: the seat's player's name (or "Seat N"), or null for the neutral colour. */
function namer(game: View, players: LobbyPlayer[]): (colour: string) => string | null {
  const looks = looksByColour(game, players);
  const seats = bySeat(players);
  return (colour) => {
    const seat = looks.get(colour)?.seat;
    if (seat === null || seat === undefined) return null;
    return seats.get(seat)?.name ?? S.seat(seat);
  };
}

/** "Row 4, space 2: Ana's topping", "Row 4, space 5: empty". */
export function spaceNames(game: View, players: LobbyPlayer[]): (space: Cube) => string {
  const nameOf = namer(game, players);
  const on = new Map(boardPieces(game).map((p) => [key(p.space), p.colour]));
  return (space) => {
    const colour = on.get(key(space));
    const who = colour === undefined ? null : nameOf(colour);
    const what = colour === undefined ? W().empty : who === null ? W().neutralTopping : W().toppingOf(who);
    return W().space(S.pt_spaceLabel(space), what);
  };
}

/** "On the pizza: Ana 3, Ben 2 and Neutral 1; 31 spaces empty. Last cuts: Ana cut on line 3 and Ben cut on line 5." */
export function boardSummary(game: View, players: LobbyPlayer[]): string {
  const nameOf = namer(game, players);
  const pieces = boardPieces(game);
  const counts = new Map<string, number>();
  for (const p of pieces) {
    const who = nameOf(p.colour) ?? S.pt_neutral;
    counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  const parts = [W().onBoard([...counts].map(([who, n]) => W().countOf(who, n)), SPACES.length - pieces.length)];
  const cuts = revealCuts(game);
  if (cuts.length) parts.push(W().lastCuts(cuts.map((c) => S.pt_cutAt(nameOf(c.colour) ?? S.pt_neutral, c.line))));
  return parts.join(" ");
}
