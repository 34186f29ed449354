// What every game's screens receive.  `game` is the game's own view (a map
// of the view class's fields, plus "type"), exactly as the hub sent it.
import type { FunctionComponent } from "preact";
import type { Command, Lobby, LobbyPlayer, OutcomeWire } from "../net/wire";

export type View = Record<string, any>;

export interface TableProps {
  game: View;
  lobby: Lobby;
  players: LobbyPlayer[];
  outcome: OutcomeWire | null;
}

export interface HandProps {
  game: View;
  lobby: Lobby;
  players: LobbyPlayer[];
  seat: number;
  legal: Command[];
  /** `quiet`: the hand says why a refused command was refused (no toast). */
  send: (cmd: Command, opts?: { quiet?: boolean }) => Promise<void>;
  hint?: () => Promise<unknown>;
  /** Hints this seat has left (issue 24, `you.hints`); missing for games (or hubs) without a count. */
  hints?: { left: number | null; off: boolean };
}

export interface HelpProps {
  game?: View | null;
  options?: Record<string, unknown>;
}

export interface GameUi {
  id: string;
  Table: FunctionComponent<TableProps>;
  Hand: FunctionComponent<HandProps>;
  /** "How to play"; `game` (the game's view, when one is dealt) and the room's `options` say which rules apply. */
  Help: FunctionComponent<HelpProps>;
  /** The seats the game is waiting for now (for "waiting for Ana"). */
  waitingOn(game: View): number[];
  /**
   * The phone's prompt when the game knows better than "Your turn" / "Waiting
   * for ..." (Splittissimo's reaction window); null: nothing to say.
   */
  prompt?(game: View, legal: Command[], seat: number | null, nameOf: (seat: number) => string): { mine: boolean; text: string } | null;
  /** The end screen's one-line summary, in the language in use, naming players by their names (default: none; the hub's is English, for logs). */
  summary?(game: View, outcome: OutcomeWire, players: LobbyPlayer[]): string | null;
  /** Per-seat score text for the end screen, when the view knows it. */
  scores?(game: View, outcome: OutcomeWire | null): (string | null)[];
}
