// What the TV's host controls offer, kept apart from the markup so it can be
// tested: which seats can be handed to a bot or given back, and the
// turn-timer choices.  The hub decides; this only picks what to offer.
import type { LobbyPlayer } from "../net/wire";

/** The turn-timer settings the TV offers, in seconds (0 = off). */
export const TIMER_CHOICES: readonly number[] = [0, 30, 60, 120];

/**
 * The choices to show: the usual ones, plus the room's current value if
 * another screen set something else (so the current setting is always visible).
 */
export function timerChoices(current: number | undefined): number[] {
  const now = current ?? 0;
  const all = TIMER_CHOICES.includes(now) ? [...TIMER_CHOICES] : [...TIMER_CHOICES, now];
  return all.sort((a, b) => a - b);
}

export type SeatAction = "hand_to_bot" | "take_back";

/**
 * What the host can do with this player's seat: a person's seat can be
 * handed to a bot (a phone died, someone left for the door) and given back
 * later; a bot that was added as a bot has nobody to give it back to.
 * `human` is missing from older hubs: treat such players as people unless a
 * bot plays them.
 */
export function seatAction(player: LobbyPlayer): SeatAction | null {
  const human = player.human ?? player.bot === null;
  if (!human) return null;
  return player.bot === null ? "hand_to_bot" : "take_back";
}

/** Whether a bot is playing a person's seat right now. */
export function handedToBot(player: LobbyPlayer): boolean {
  return seatAction(player) === "take_back";
}

/** The players the host menu lists: people, in seat order during a game. */
export function seatRows(players: readonly LobbyPlayer[], playing: boolean): LobbyPlayer[] {
  const rows = players.filter((p) => seatAction(p) !== null && (!playing || p.seat !== null));
  const key = (p: LobbyPlayer) => (p.seat ?? 1e6) * 1e6 + p.id;
  return rows.sort((a, b) => key(a) - key(b));
}

/** The name of a turn-timer setting: the room's off / normal / extended presets, else plain seconds. */
export type TimerPreset = "off" | "quick" | "normal" | "extended" | null;

export function timerPreset(seconds: number): TimerPreset {
  return ({ 0: "off", 30: "quick", 60: "normal", 120: "extended" } as Record<number, TimerPreset>)[seconds] ?? null;
}

/**
 * Seconds the players acting now have, by the hub's rule (server/timers.py):
 * the room's turn timer, doubled when one of them was given extra time.
 * `acting` are the seats the game waits for.
 */
export function turnSeconds(turnTimer: number | undefined, players: readonly LobbyPlayer[], acting: readonly number[]): number {
  const base = turnTimer ?? 0;
  if (!base) return 0;
  const extra = players.some((p) => p.seat !== null && acting.includes(p.seat) && p.bot === null && p.extra_time);
  return base * (extra ? 2 : 1);
}
