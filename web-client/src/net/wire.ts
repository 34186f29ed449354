// The wire format of docs/protocol.md, as TypeScript types, and the msgpack
// codec around it.  Frames are msgpack maps; the codec is @msgpack/msgpack so
// the client never hand-rolls a byte format.
import { decode, decodeMulti, encode } from "@msgpack/msgpack";
import type { Op } from "./patch";

export const PROTOCOL_VERSION = 1;

export type Role = "host" | "player" | "spectator";

export interface HelloFrame {
  t: "hello";
  v: number;
  role: Role;
  room?: string;
  token?: string;
  name?: string;
  /** A one-time reclaim code from the host: take that player's seat on this device. */
  reclaim?: string;
}

export interface LobbyPlayer {
  id: number;
  name: string;
  bot: string | null;
  /** Joined from a phone (so a seat handed to a bot can be given back). */
  human?: boolean;
  connected: boolean;
  seat: number | null;
  /** The host gave this player extra time: the turn timer doubles while they act. */
  extra_time?: boolean;
  /** The host has this player sit out the games started from now on (too many players). */
  sitting_out?: boolean;
  /** Issue 24: connected, away (no socket, within the grace period) or absent (past it); bots are connected. */
  presence?: Presence;
  /** Issue 24: a bot plays this absent person's seat until they come back. */
  stand_in?: boolean;
  /** Not from the hub: a player removed during this game (`lobby.removed`), whose seat a bot plays to the end (`seatedRoster`). */
  removed?: boolean;
}

/** A player removed during this game: their seat plays on (a bot), named and coloured as before. */
export interface RemovedSeat {
  id: number;
  name: string;
  seat: number | null;
}

export type Presence = "connected" | "away" | "absent";

/** Who is in charge of the room (issue 24): a player's phone, the TV (no phone hosts), or the class. */
export interface Authority {
  kind: "phone" | "tv" | "class";
  player: number | null;
}

/** One public announcement (issue 24); `n` is the room version it happened at. */
export interface Notice {
  n: number;
  kind: "seat_moved" | "host_changed" | "stand_in" | "back" | "timed_out" | "played_for" | "game_stopped" | "removed" | string;
  player: number;
  name: string;
  by: string | null;
}

export interface Lobby {
  /** Players removed during this game (not in `players`); empty between games. */
  removed?: RemovedSeat[];
  phase: string;
  host_connected: boolean;
  locked: boolean;
  game: string | null;
  options: Record<string, unknown>;
  players: LobbyPlayer[];
  spectators: number;
  /** Seconds of the per-turn timer, 0 when off. */
  turn_timer?: number;
  /** The player whose phone may host (pick the game, options, bots, start); null: none. */
  host_phone?: number | null;
  no_tv?: boolean;
  /** Who is in charge (issue 24); older hubs: derive it from `host_phone`. */
  authority?: Authority;
  /** The room lets a bot play for an absent player (issue 24). */
  stand_ins?: boolean;
  /** The last few public announcements, oldest first (issue 24). */
  notices?: Notice[];
  /**
   * The running turn's clock: the room version it started at, its seconds, and (newer hubs) when it started,
   * Unix ms by the hub's clock (read it with `welcome.now`'s offset); null when none runs (issue 24).
   */
  turn_clock?: { since: number; seconds: number; started?: number } | null;
  /** Offered by newer hubs: the games and their option schemas. */
  games?: GameInfo[];
}

export interface OptionInfo {
  name: string;
  kind: "int" | "bool" | "choice" | "multi";
  default: unknown;
  label: string;
  help?: string;
  choices?: unknown[];
  minimum?: number | null;
  maximum?: number | null;
}

export interface GameInfo {
  id: string;
  title: string;
  min_players: number;
  max_players: number;
  options: OptionInfo[];
  bots?: string[];
}

export interface You {
  role: Role;
  player?: number | null;
  seat?: number | null;
  /** Hints left in a game that gives them (Splittissimo): `left` null = no limit; `off` = the class turned them off. */
  hints?: { left: number | null; off: boolean };
}

export interface OutcomeWire {
  winners: number[];
  scores?: unknown[];
  summary?: string;
}

/** A game command or event on the wire: its fields plus its class name. */
export type Command = { type: string } & Record<string, unknown>;

export interface StateFrame {
  t: "state";
  /** The view version (docs/protocol.md "Changes"); changes build on it. */
  v?: number;
  room: string;
  version: number;
  lobby: Lobby;
  you: You;
  game: Record<string, unknown> | null;
  legal?: Command[];
  outcome: OutcomeWire | null;
}

/** What changed in this screen's view: ops taking version `base` to `v`. */
export interface ChangeFrame {
  t: "change";
  v: number;
  base: number;
  ops: Op[];
}

export interface WelcomeFrame {
  t: "welcome";
  v: number;
  room: string;
  role: Role;
  player?: number | null;
  token?: string;
  server?: string;
  /** The hub's clock as it sent this welcome, Unix ms (newer hubs): this screen's offset from it. */
  now?: number;
}

export interface AckFrame {
  t: "ack";
  seq: number;
}

export interface ErrorFrame {
  t: "error";
  seq?: number;
  code: string;
  message?: string;
  /** The numbers and names the code's sentence needs (docs/protocol.md "ack and error"). */
  params?: ErrorParams;
}

export type ErrorParams = Record<string, string | number>;

/** The answer to the host op `reclaim_seat`: the one-time code that hands a seat to a new device. */
export interface ReclaimCodeFrame {
  t: "reclaim_code";
  seq: number;
  player: number;
  code: string;
  seconds: number;
}

export interface ByeFrame {
  t: "bye";
  reason: string;
}

export interface HintFrame {
  t: "hint";
  seq: number;
  /** The room version the hint was computed from; its state arrived before this frame. */
  v: number;
  hint: unknown;
}

/** The audience's reactions since the last such frame, per kind (the TV only; docs/protocol.md "Reactions"). */
export interface ReactionsFrame {
  t: "reactions";
  counts: Record<string, number>;
}

/** An audience vote as it stands (the TV and spectators only; docs/protocol.md "Audience votes"). */
export interface VotesFrame {
  t: "votes";
  q: number;
  status: "open" | "closed" | "result" | "clear";
  /** How to read `options`: New York Slice portion indexes, Pizza Theory colours (+ "none"), Splittissimo seats. */
  kind: "portion" | "colour" | "seat";
  /** The seat the question is about (`portion`: who chooses), else null. */
  about: number | null;
  options: string[];
  counts: Record<string, number>;
  total: number;
  v: number;
  answer: string[] | null;
}

/** The reactions a screen may send, in the order the reaction bar shows them (server/reactions.py KINDS). */
export const REACTION_KINDS = ["thumbs_up", "laugh", "wow", "clap", "fire", "pizza"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

export type ServerFrame = WelcomeFrame | StateFrame | ChangeFrame | AckFrame | ErrorFrame | ByeFrame | HintFrame | ReactionsFrame | ReclaimCodeFrame | VotesFrame;

export type ClientFrame =
  | HelloFrame
  | { t: "cmd"; seq: number; cmd: Command }
  | ({ t: "host"; seq: number; op: string } & Record<string, unknown>)
  | { t: "ping"; seq: number }
  | { t: "hint"; seq: number }
  | { t: "react"; r: ReactionKind }
  | { t: "vote"; q: number; pick: string; seq?: number };

export function encodeFrame(frame: ClientFrame | Record<string, unknown>): Uint8Array {
  return encode(frame);
}

/**
 * Every server frame of one message, in order: a binary message holds msgpack
 * values back to back, a text message JSON values separated by newlines.
 */
export function decodeFrames(data: ArrayBuffer | Uint8Array | string): ServerFrame[] {
  const values: unknown[] =
    typeof data === "string"
      ? data.split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line))
      : Array.from(decodeMulti(data instanceof ArrayBuffer ? new Uint8Array(data) : data));
  for (const value of values) {
    if (typeof value !== "object" || value === null || typeof (value as { t?: unknown }).t !== "string") {
      throw new Error("not a frame");
    }
  }
  return values as ServerFrame[];
}

/** Decode one server frame; binary frames are msgpack, text frames JSON. */
export function decodeFrame(data: ArrayBuffer | Uint8Array | string): ServerFrame {
  const value = typeof data === "string" ? JSON.parse(data) : decode(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  if (typeof value !== "object" || value === null || typeof (value as { t?: unknown }).t !== "string") {
    throw new Error("not a frame");
  }
  return value as ServerFrame;
}

/** Close codes from docs/protocol.md that mean "do not come back by yourself". */
export const CLOSE = {
  POLICY: 1008,
  TOO_BIG: 1009,
  REPLACED: 4001,
  NOT_FOUND: 4004,
  THROTTLED: 4029,
  ROOM_CLOSED: 4410,
  DRAINING: 4503,
} as const;
