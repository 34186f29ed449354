// What a bot did for this phone's seat while its player was away (a stand-in, issue 24) or out of time
// (the turn timer), so the phone never says "You chose line 6" of the bot's choice (the party audit).
//
// The phone knows it from two things: `lobby.notices` (docs/protocol.md "Notices": `stand_in`, `back`
// and `timed_out` about this player, each stamped with the room version `n` it happened at), and what
// the phone itself last saw of its seat while it was there, kept in localStorage (so a reloaded or
// reopened page remembers it too).  A notice about this player newer than the last one the phone had
// seen says a bot played for it since; what changed in the seat since the phone last saw it is what that
// bot did.  A phone with nothing remembered (a new phone taking the seat over) cannot tell who chose, and
// says so in neutral words rather than claim the move for anyone.
import type { Notice } from "../net/wire";

/** Why a bot moved: its player was away (a stand-in), time ran out, or (nothing remembered) unknown. */
export type AwayWhy = "away" | "time" | "unsure";

export interface AwayRecord<T, D> {
  /** The seat's facts as the phone last drew them. */
  base: T;
  /** The newest notice `n` the phone had then. */
  mark: number;
  /** What a bot did for the seat since (kept while it is still true), and why. */
  away: D | null;
  why: AwayWhy | null;
}

/** A game's part: what a bot did between two sightings (`before` null: nothing remembered), and whether an earlier finding still holds. */
export interface AwayRules<T, D> {
  found(before: T | null, after: T, earlier: D | null): D | null;
  keep(away: D, now: T): D | null;
}

const BOT_KINDS = new Set(["stand_in", "back", "timed_out"]);

/**
 * One step: the record after the phone draws `now` with these notices.  Idempotent (the same inputs again
 * give the same record), so it may run on every render.
 */
export function advance<T, D>(record: AwayRecord<T, D> | null, now: T, notices: readonly Notice[] | undefined, me: number | null, rules: AwayRules<T, D>): AwayRecord<T, D> {
  const list = notices ?? [];
  const newest = list.reduce((m, x) => Math.max(m, x.n), record?.mark ?? -1);
  const fresh = list.filter((x) => x.player === me && x.n > (record?.mark ?? -1) && BOT_KINDS.has(x.kind));
  let away = record?.away != null ? rules.keep(record.away, now) : null;
  let why = away !== null ? record!.why : null;
  if (fresh.length) {
    const found = rules.found(record ? record.base : null, now, away);
    if (found !== null) {
      away = found;
      why = !record ? "unsure" : fresh.some((x) => x.kind !== "timed_out") ? "away" : "time";
    }
  }
  return { base: now, mark: newest, away, why };
}

function load<T, D>(key: string): AwayRecord<T, D> | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as AwayRecord<T, D>) : null;
  } catch {
    return null;
  }
}

function save<T, D>(key: string, record: AwayRecord<T, D>): void {
  try {
    localStorage.setItem(key, JSON.stringify(record));
  } catch {
    // private windows, a full store: the phone remembers for this page only
  }
}

/** The remembered record's key: per game, player and name (a phone's hand is not told the room code). */
export function awayKey(game: string, player: { id: number; name: string } | null | undefined): string | null {
  return player ? `pizzanight:away:${game}:${player.id}:${player.name}` : null;
}

const memory = new Map<string, AwayRecord<unknown, unknown>>();

/**
 * What a bot did for this seat that the phone should say (null: nothing, or nothing known), from the
 * record kept under `key` and the seat's facts `now`.  Call once per render of the hand.
 */
export function awayMoves<T, D>(key: string | null, now: T, notices: readonly Notice[] | undefined, me: number | null, rules: AwayRules<T, D>): { what: D; why: AwayWhy } | null {
  if (!key) return null;
  const before = (memory.get(key) as AwayRecord<T, D> | undefined) ?? load<T, D>(key);
  const next = advance(before, now, notices, me, rules);
  const text = JSON.stringify(next);
  if (!before || JSON.stringify(before) !== text) {
    memory.set(key, next as AwayRecord<unknown, unknown>);
    save(key, next);
  }
  return next.away !== null && next.why !== null ? { what: next.away, why: next.why } : null;
}

/** Forget every record in memory (tests: each starts as a fresh page). */
export function forgetAwayMemory(): void {
  memory.clear();
}
