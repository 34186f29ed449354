// A replay file (docs/operating.md, server/replay.py) as the viewer reads it.
// The viewer needs no engine: every record carries what the TV showed after
// it.  Checking a file is the server's job (`pizzanight replay check`); here
// we only make sure it has the shape we draw from.
import type { Lobby, OutcomeWire, StateFrame } from "../net/wire";

export const REPLAY_FORMAT = "pizzanight-replay";
export const REPLAY_VERSION = 1;

export interface TvView {
  lobby: Lobby & { code?: string };
  game: Record<string, unknown> | null;
  outcome: OutcomeWire | null;
}

export interface ReplayRecord {
  v: number;
  event: Record<string, Record<string, unknown>>;
  digest: string;
  tv: TvView;
}

export interface Replay {
  format: string;
  version: number;
  pizzanight: string;
  exported_at: string;
  room: { id: string; code: string };
  games: { id: string; title: string; version: string }[];
  setup: { at: number; game: string; seed: number; seats: number[]; names: (string | null)[] }[];
  records: ReplayRecord[];
  final: { version: number; phase: string; digest: string; outcome: OutcomeWire | null };
}

export class ReplayFileError extends Error {}

/** The replay in `text`, or a ReplayFileError saying what is wrong with it. */
export function parseReplay(text: string): Replay {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new ReplayFileError("This file is not JSON.");
  }
  const r = doc as Partial<Replay> | null;
  if (!r || typeof r !== "object" || r.format !== REPLAY_FORMAT) {
    throw new ReplayFileError("This file is not a Pizza Night replay.");
  }
  if (r.version !== REPLAY_VERSION) {
    throw new ReplayFileError(`This replay uses format version ${String(r.version)}; this viewer reads version ${REPLAY_VERSION}.`);
  }
  if (!Array.isArray(r.records) || r.records.length === 0 || !r.records.every((x) => x && typeof x === "object" && x.tv)) {
    throw new ReplayFileError("This replay has no records to show.");
  }
  return r as Replay;
}

/** The first record where a game is on the table (where watching starts), else 0. */
export function firstGameStep(replay: Replay): number {
  const index = replay.records.findIndex((r) => r.tv.game !== null);
  return index < 0 ? 0 : index;
}

/** The state frame the TV's screens would have drawn after record `index`. */
export function frameAt(replay: Replay, index: number): StateFrame {
  const record = replay.records[Math.max(0, Math.min(index, replay.records.length - 1))];
  return {
    t: "state",
    room: replay.room.code,
    version: record.v,
    lobby: record.tv.lobby,
    you: { role: "spectator" },
    game: record.tv.game,
    outcome: record.tv.outcome,
  };
}

/** A short name for what record `index` did ("GameStarted", "CutChosen", ...). */
export function eventName(replay: Replay, index: number, words: Readonly<Record<string, string>> = {}): string {
  const event = replay.records[index]?.event ?? {};
  const inner = event.g ?? event.r ?? {};
  const type = typeof inner.type === "string" ? inner.type : "?";
  // the catalogue's words (replay/strings.ts `events`) in the viewer's language; an event
  // from a newer server than this client is still told by its own name, split into words
  return Object.prototype.hasOwnProperty.call(words, type) ? words[type] : type.replace(/([a-z])([A-Z])/g, "$1 $2");
}
