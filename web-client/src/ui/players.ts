// How players are told apart: a colour from the Okabe-Ito palette (safe for
// the common kinds of colour blindness) *and* a shape, so no one depends on
// colour alone.
//
// A player's look is the look of their position among the room's lobby
// players ordered by id (ids only grow: a newcomer always comes last), so
// the first seven get seven different colours *and* seven different shapes,
// and from the eighth on each colour comes back with another shape: no two
// players in a room (at most 12; 7x7 looks) ever share colour and shape
// together.  A look belongs to the player, not to the seat of one game, so
// it stays all evening from game to game.  Only one thing changes it: a
// player leaving the lobby list (the host removes them), which moves everyone
// who joined after them one look up, from the next game on: during the game
// the removed player's seat plays on and keeps its place (`seatedRoster`).
// A phone that is away or gone stays in the list, and keeps its look.
//
// Every screen draws a player's chip from the room's list (`RosterContext`,
// set by the screen from its state): a chip cannot know its position alone.
import { createContext } from "preact";
import type { Lobby, LobbyPlayer } from "../net/wire";
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

/** How many looks there are: every colour with every shape. */
export const LOOK_COUNT = PALETTE.length * SHAPES.length;

/**
 * The look at position `index` of the room: the first seven in the palette's
 * order with the shapes' order; each later round of seven shifts the shapes
 * one step against the colours, so positions 0 to 48 are 49 different pairs.
 */
export function lookAt(index: number): Look {
  const n = ((Math.floor(index) % LOOK_COUNT) + LOOK_COUNT) % LOOK_COUNT;
  const colour = n % PALETTE.length;
  const round = Math.floor(n / PALETTE.length);
  const shape = (colour + round) % SHAPES.length;
  return { colour: PALETTE[colour].colour, shape: SHAPES[shape], colourName: PALETTE[colour].name };
}

/** The ids of the room's lobby players in the order their looks are given out (by id). */
function order(players: readonly LobbyPlayer[]): number[] {
  return players.map((p) => p.id).sort((a, b) => a - b);
}

/**
 * Player `id`'s look in a room whose lobby players are `players`.  An id the
 * list does not hold (a seat whose player was removed mid-game) gets a look
 * after everyone listed, so it is mistaken for nobody there either.
 */
export function lookFor(players: readonly LobbyPlayer[], id: number): Look {
  const ids = order(players);
  const at = ids.indexOf(id);
  if (at >= 0) return lookAt(at);
  const spare = Math.max(1, LOOK_COUNT - ids.length);
  return lookAt(ids.length + ((id % spare) + spare) % spare);
}

/** Every listed player's look, by id. */
export function looksOf(players: readonly LobbyPlayer[]): Map<number, Look> {
  return new Map(order(players).map((id, at) => [id, lookAt(at)]));
}

/**
 * The room's lobby players, for the chips drawn inside a screen (`PlayerChip`).
 * Null (no screen set it, e.g. a test drawing one chip): a chip takes the look
 * at its player's id.
 */
export const RosterContext = createContext<readonly LobbyPlayer[] | null>(null);

/**
 * The lobby's players with the ones removed during this game (`lobby.removed`), for the game's screens
 * and for looks: a removed player's seat plays on, so it keeps its name and its look (a bot plays it),
 * and nobody after them changes look mid-game.  Lists of the people in the room use `lobby.players`.
 */
export function seatedRoster(lobby: Lobby): LobbyPlayer[] {
  const removed = lobby.removed ?? [];
  if (removed.length === 0) return lobby.players;
  return [
    ...lobby.players,
    ...removed.map((r) => ({
      id: r.id, name: r.name, seat: r.seat, bot: null, human: true, connected: false,
      presence: "absent" as const, stand_in: true, removed: true,
    })),
  ];
}

/** Seat number -> lobby player, for the game in progress. */
export function bySeat(players: readonly LobbyPlayer[]): Map<number, LobbyPlayer> {
  const out = new Map<number, LobbyPlayer>();
  for (const p of players) if (p.seat !== null && p.seat !== undefined) out.set(p.seat, p);
  return out;
}

/** A short readable name for a seat, even when the lobby does not know it. */
export function seatName(players: readonly LobbyPlayer[], seat: number): string {
  return bySeat(players).get(seat)?.name ?? S.seat(seat);
}

/** The look of the player in `seat`; a seat nobody in the list holds gets a look nobody listed has. */
export function seatLook(players: readonly LobbyPlayer[], seat: number): Look {
  const p = bySeat(players).get(seat);
  if (p) return lookFor(players, p.id);
  const n = players.length;
  const spare = Math.max(1, LOOK_COUNT - n);
  return lookAt(n + ((seat % spare) + spare) % spare);
}
