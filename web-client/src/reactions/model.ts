// Audience reactions on the client: what the TV floats, and the phone's own
// limit.  Pure functions and small classes, so Vitest checks them without a DOM.
import { REACTION_KINDS, type ReactionKind } from "../net/wire";

/** The emoji drawn for each kind (pictures, not words: the same in every language). */
export const EMOJI: Record<ReactionKind, string> = {
  thumbs_up: "\u{1F44D}",
  laugh: "\u{1F602}",
  wow: "\u{1F62E}",
  clap: "\u{1F44F}",
  fire: "\u{1F525}",
  pizza: "\u{1F355}",
};

export function isReactionKind(kind: string): kind is ReactionKind {
  return (REACTION_KINDS as readonly string[]).includes(kind);
}

/** One bubble floating up the side of the TV: a kind and how many sent it in one flush. */
export interface Float {
  id: number;
  kind: ReactionKind;
  count: number;
  /** Horizontal lane 0..LANES-1, so bubbles of one flush do not sit on each other. */
  lane: number;
  born: number;
}

/** How long a bubble stays (ms), and the most on screen at once (the oldest go first). */
export const FLOAT_MS = 3200;
export const MAX_FLOATS = 18;
export const LANES = 6;

/**
 * The bubbles after a `reactions` frame at time `now`: one per kind with its
 * count (biggest first), unknown kinds skipped, old ones dropped.  The hub
 * sends at most 4 frames a second, so this stays a handful of elements however
 * large the audience.
 */
export function addFloats(floats: readonly Float[], counts: Record<string, number>, now: number, nextId: () => number): Float[] {
  const alive = floats.filter((f) => now - f.born < FLOAT_MS);
  const fresh = Object.entries(counts)
    .filter((entry): entry is [ReactionKind, number] => isReactionKind(entry[0]) && Number.isInteger(entry[1]) && entry[1] > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => ({ id: nextId(), kind, count, lane: REACTION_KINDS.indexOf(kind) % LANES, born: now }));
  return [...alive, ...fresh].slice(-MAX_FLOATS);
}

/** Everything received so far, per kind (the TV's tally line). */
export function addTotals(totals: Record<string, number>, counts: Record<string, number>): Record<string, number> {
  const out = { ...totals };
  for (const [kind, count] of Object.entries(counts)) {
    if (isReactionKind(kind) && Number.isInteger(count) && count > 0) out[kind] = (out[kind] ?? 0) + count;
  }
  return out;
}

/**
 * The phone's own copy of the hub's per-socket limit (1 a second, burst 3):
 * a tap past it is not sent, so a keen thumb never earns an error frame.
 */
export class TapLimit {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate = 1,
    private readonly burst = 3,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    // A hair slower than the hub's refill, so the phone never runs ahead of it.
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.rate * 0.95);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
