// Where each person is (issue 24): connected, away (within the grace period)
// or absent, and whose seat a bot is playing.  Older hubs send only
// `connected`; a person without a socket then counts as away.
import type { LobbyPlayer, Presence } from "../net/wire";

export function isHuman(player: LobbyPlayer): boolean {
  return player.human ?? player.bot === null;
}

export function presenceOf(player: LobbyPlayer): Presence {
  if (player.presence) return player.presence;
  if (!isHuman(player)) return "connected";
  return player.connected ? "connected" : "away";
}

/** Whether a bot plays this person's seat now: a stand-in (they are absent) or the host handed it to one. */
export function botPlaysFor(player: LobbyPlayer): boolean {
  return isHuman(player) && (Boolean(player.stand_in) || player.bot !== null);
}

/**
 * The seated people whose phone has dropped and whom no bot plays yet (away, or just past the grace):
 * the game waits on them, and every other screen says why.  No due time is sent for the stand-in, so
 * screens say "soon", never a countdown of their own.
 */
export function droppedSeats(players: readonly LobbyPlayer[]): LobbyPlayer[] {
  return players
    .filter((p) => p.seat !== null && p.seat !== undefined && isHuman(p) && !botPlaysFor(p) && presenceOf(p) !== "connected")
    .sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0));
}

/** The people whose seats bots play in the game now, in seat order ("a bot is playing for Noah"). */
export function botSeats(players: readonly LobbyPlayer[]): LobbyPlayer[] {
  return players.filter((p) => p.seat !== null && botPlaysFor(p)).sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0));
}
