// The games a host can pick, with their player counts and options.  The hub
// is the authority: when its lobby lists `games`, that list is used.  Until
// then (and as a fallback) this copy of the games' GameSpec options is used;
// keep it in step with games/*/__init__.py.
import type { GameInfo, Lobby } from "../net/wire";

export const FALLBACK_GAMES: GameInfo[] = [
  {
    id: "pizza_theory",
    title: "Pizza Theory",
    min_players: 2,
    max_players: 3,
    options: [{ name: "max_rounds", kind: "int", default: 0, label: "Round limit", minimum: 0, maximum: 200, help: "0: play until someone fills the pizza" }],
    bots: ["random"],
  },
  { id: "new_york_slice", title: "New York Slice", min_players: 2, max_players: 6, options: [], bots: ["random"] },
  {
    id: "splittissimo",
    title: "Splittissimo",
    min_players: 2,
    max_players: 5,
    options: [
      { name: "level", kind: "choice", default: "easy", label: "Level", choices: ["easy", "standard", "advanced"] },
      { name: "dots", kind: "multi", default: [1], label: "Card difficulty (dots)", choices: [1, 2, 3] },
    ],
    bots: ["random"],
  },
];

export function gamesOf(lobby: Lobby | null | undefined): GameInfo[] {
  return lobby?.games && lobby.games.length ? lobby.games : FALLBACK_GAMES;
}

export function defaultOptions(game: GameInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of game.options) out[o.name] = o.default;
  return out;
}

/** Whether `count` players may start `game`, and if not, why. */
export function canStart(game: GameInfo, count: number): boolean {
  return count >= game.min_players && count <= game.max_players;
}
