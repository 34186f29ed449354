// The games a host can pick, with their player counts and options.  The hub
// is the authority: when its lobby lists `games`, that list is used.  Until
// then (and as a fallback) this copy of the games' GameSpec options is used;
// keep it in step with games/*/__init__.py.
import type { GameInfo, Lobby, OptionInfo } from "../net/wire";
import { S } from "../strings";

export const FALLBACK_GAMES: GameInfo[] = [
  {
    id: "pizza_theory",
    title: "Pizza Theory",
    min_players: 2,
    max_players: 3,
    // (games/pizza_theory/options.py: the limit is 30 rounds unless the host changes it; 0 is no limit)
    options: [{ name: "max_rounds", kind: "int", default: 30, label: "Round limit", minimum: 0, maximum: 200, help: "0: no limit, play until someone fills the pizza" }],
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

/** How many players would play if the host started now (those sitting out watch). */
export function playingCount(lobby: Lobby): number {
  return lobby.players.filter((p) => !p.sitting_out).length;
}

/** Whether `count` players may start `game`, and if not, why. */
export function canStart(game: GameInfo, count: number): boolean {
  return count >= game.min_players && count <= game.max_players;
}

export interface ShownOption {
  option: OptionInfo;
  /** How to say one choice (a seat number becomes that player's name). */
  label?: (choice: unknown) => string;
}

/** Options that only matter at some levels of Splittissimo (their help says "standard and advanced"). */
const NOT_AT_EASY = new Set(["special_cards", "reaction_ms"]);

/**
 * The options worth showing for the players present, each with only the
 * values that make sense: a seat-number choice lists the seats that exist,
 * named by who sits there (seats follow the lobby's order at the start,
 * leaving out whoever sits out), and
 * Splittissimo's Special cards and reaction window are hidden at the easy
 * level, which uses neither.  The hub still validates every value.
 */
export function sensibleOptions(game: GameInfo, lobby: Lobby): ShownOption[] {
  // The seats at the start: the players not sitting out, in the lobby's order.
  const players = lobby.players.filter((p) => !p.sitting_out);
  const level = lobby.options?.level;
  const out: ShownOption[] = [];
  for (const option of game.options) {
    if (game.id === "splittissimo" && level === "easy" && NOT_AT_EASY.has(option.name)) continue;
    if (option.name === "first_slicer" && option.kind === "choice") {
      const choices = (option.choices ?? []).filter((c) => typeof c !== "number" || c < Math.max(players.length, 1));
      out.push({
        option: { ...option, choices },
        label: (c) => (typeof c === "number" ? players[c]?.name ?? S.seatNumber(c + 1) : S.optionRandom),
      });
      continue;
    }
    out.push({ option });
  }
  return out;
}
