// How players are told apart: a colour from the Okabe-Ito palette (safe for
// the common kinds of colour blindness) *and* a shape, so no one depends on
// colour alone.  A player keeps the same colour and shape for the whole
// evening (they follow the lobby id, not the seat of one game).
import type { LobbyPlayer } from "../net/wire";
import { S } from "../strings";

export const PALETTE = [
  { colour: "#E69F00", name: "orange" },
  { colour: "#56B4E9", name: "sky blue" },
  { colour: "#009E73", name: "green" },
  { colour: "#F0E442", name: "yellow" },
  { colour: "#0072B2", name: "blue" },
  { colour: "#D55E00", name: "vermilion" },
  { colour: "#CC79A7", name: "pink" },
] as const;

export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross"] as const;
export type ShapeName = (typeof SHAPES)[number];

/** The neutral colour of two-player Pizza Theory: grey, with its own shape. */
export const NEUTRAL = { colour: "#B8B8B8", shape: "ring" as const, name: "neutral" };

export interface Look {
  colour: string;
  shape: ShapeName | "ring";
  colourName: string;
}

export function lookFor(id: number): Look {
  const i = ((id % PALETTE.length) + PALETTE.length) % PALETTE.length;
  const j = ((id % SHAPES.length) + SHAPES.length) % SHAPES.length;
  return { colour: PALETTE[i].colour, shape: SHAPES[j], colourName: PALETTE[i].name };
}

/** Seat number -> lobby player, for the game in progress. */
export function bySeat(players: LobbyPlayer[]): Map<number, LobbyPlayer> {
  const out = new Map<number, LobbyPlayer>();
  for (const p of players) if (p.seat !== null && p.seat !== undefined) out.set(p.seat, p);
  return out;
}

/** A short readable name for a seat, even when the lobby does not know it. */
export function seatName(players: LobbyPlayer[], seat: number): string {
  return bySeat(players).get(seat)?.name ?? S.seat(seat);
}

export function seatLook(players: LobbyPlayer[], seat: number): Look {
  const p = bySeat(players).get(seat);
  return lookFor(p ? p.id : seat);
}
