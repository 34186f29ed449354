// The TV's big moments (issue 27): which changes of the room a whole room
// should see, in a few large words.  A pure function of two states (the one
// before and the one now), so every moment is found from the views the TV
// already gets and can be tested without a screen: a round's cuts revealed,
// a pizza sliced, a trick taken, a Special played, a Cancelled Order, a bot
// playing for someone or a timer running out (from `lobby.notices`), and the
// winner.
import type { Notice, StateFrame } from "../net/wire";
import type { View } from "../games/types";
import { S } from "../strings";
import { bySeat, seatedRoster } from "./players";
import { listNames } from "./common";
import { botPlaysFor } from "./presence";
import { BOT_MOVED_NOTICES } from "./notices";

export type MomentKind = "reveal" | "trick" | "special" | "cancel" | "bot" | "timer" | "winner";

export interface Moment {
  kind: MomentKind;
  /** Its words in the language in use when it is shown (the TV's language may change while it waits or shows). */
  say: () => string;
}

function namer(state: StateFrame): (seat: unknown) => string {
  const seats = bySeat(seatedRoster(state.lobby));
  return (seat) => (typeof seat === "number" ? seats.get(seat)?.name ?? S.seat(seat) : "");
}

/** A value's identity for "did it change": the hub sends fresh objects with every view. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The winner, as the end panel says it. */
function winnerText(state: StateFrame): string {
  const name = namer(state);
  const names = (state.outcome?.winners ?? []).map(name);
  if (names.length === 0) return S.nobodyWins;
  return names.length === 1 ? S.winner(names[0]) : S.winners(listNames(names));
}

/**
 * Whether a bot made the move of `seat` in going from `prev` to `next`: a bot plays that seat now, or the
 * same change brought a notice that a bot moved for its player (the turn timer, a teacher's "play this
 * turn"), so a bot's trick is never said to be the player's own.
 */
function botMover(prev: StateFrame, next: StateFrame): (seat: unknown) => boolean {
  const seats = bySeat(seatedRoster(next.lobby));
  const seen = (prev.lobby.notices ?? []).reduce((m, x) => Math.max(m, x.n), -1);
  const fresh = new Set((next.lobby.notices ?? []).filter((x) => x.n > seen && BOT_MOVED_NOTICES.has(x.kind)).map((x) => x.player));
  return (seat) => {
    const player = typeof seat === "number" ? seats.get(seat) : undefined;
    return !!player && (botPlaysFor(player) || fresh.has(player.id));
  };
}

/** The moments of one game's view changing (same game, both states in play). */
function gameMoments(game: string, before: View, after: View, name: (seat: unknown) => string, byBot: (seat: unknown) => boolean = () => false): Moment[] {
  const found: Moment[] = [];
  if (game === "pizza_theory" && after.last_round && !same(after.last_round?.round, before.last_round?.round)) {
    found.push({ kind: "reveal", say: () => S.moment_cutsRevealed });
  }
  if (game === "new_york_slice" && (after.portions ?? []).length > 0 && (before.portions ?? []).length === 0) {
    found.push({ kind: "reveal", say: () => S.moment_sliced(name(after.slicer)) });
  }
  if (game === "splittissimo") {
    const trick = after.last_trick;
    if (trick && !same(trick, before.last_trick)) {
      const bot = byBot(trick.seat);
      found.push(
        trick.special
          ? { kind: "special", say: () => S.sp_specialPlayed(name(trick.seat)) }
          : { kind: "trick", say: () => (bot ? S.sp_trickByBot(name(trick.seat)) : S.sp_trickBy(name(trick.seat))) },
      );
    }
    const cancel = after.last_cancel;
    if (cancel && !same(cancel, before.last_cancel)) {
      found.push({ kind: "cancel", say: () => S.sp_cancelled(name(cancel.by), name(cancel.seat)) });
    }
  }
  return found;
}

/** A notice that is a moment on the TV: a bot taking a seat, a turn's time running out. */
export function noticeMoment(notice: Notice): Moment | null {
  if (notice.kind === "stand_in") return { kind: "bot", say: () => S.moment_botFor(notice.name) };
  if (notice.kind === "timed_out") return { kind: "timer", say: () => S.moment_timeUp(notice.name) };
  return null;
}

/** The notice kinds the TV says as moments (its banner leaves them out). */
export const MOMENT_NOTICES: readonly string[] = ["stand_in", "timed_out"];

/** The moments of going from `prev` to `next` (notices apart: they are counted once by their tracker). */
export function momentsFor(prev: StateFrame | null, next: StateFrame): Moment[] {
  if (!prev || !next.game) return [];
  if (next.outcome && !prev.outcome) return [{ kind: "winner", say: () => winnerText(next) }];
  if (!prev.game || prev.lobby.game !== next.lobby.game || prev.outcome || next.outcome) return [];
  return gameMoments(next.lobby.game ?? "", prev.game as View, next.game as View, namer(next), botMover(prev, next));
}
