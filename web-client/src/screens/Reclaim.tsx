// Handing a lost phone's seat to a new device, from the host's own screen
// only (issue 24: never on the shared TV): the host menu and the host
// phone's lobby panel.  The hub answers the
// host op `reclaim_seat` with a one-time code; we show it large, with the
// clock time it stops working, until the host closes it or the person is
// back (on the new phone, or the old one after all): then it says so and
// goes by itself, so a spent code does not stay on the host's screen.
import { useEffect, useState } from "preact/hooks";
import type { LobbyPlayer, ReclaimCodeFrame } from "../net/wire";
import { S } from "../strings";

/** A code on screen: whose seat it hands over, the code, and when it stops working. */
export interface ShownCode {
  /** The player whose seat it hands over (the lobby says when they are back). */
  player: number;
  name: string;
  code: string;
  seconds: number;
  until: string;
}

/** "21:40" in the language in use: a clock time people can compare with their own. */
function clockIn(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toLocaleTimeString(S.lang, { hour: "2-digit", minute: "2-digit" });
}

/**
 * Whether the host can offer this player's seat to a new device: a person
 * whose phone has been gone past the grace period (issue 24: the hub refuses
 * a seat whose phone may still come back; older hubs: any person offline).
 */
export function canReclaim(player: LobbyPlayer): boolean {
  const human = player.human ?? player.bot === null;
  if (!human) return false;
  return player.presence ? player.presence === "absent" : !player.connected;
}

/** How long "Ana is back" stays before the box goes by itself (ms). */
export const BACK_SHOWN_MS = 5000;

/**
 * State for one list of seats: the code shown (if any), whether its person is
 * back (``players``: the lobby's, which says who is connected), and how to ask for one.
 */
export function useReclaim(reclaim: ((player: number) => Promise<ReclaimCodeFrame>) | undefined, players: LobbyPlayer[] = []) {
  const [shown, setShown] = useState<ShownCode | null>(null);
  const ask = reclaim
    ? (p: LobbyPlayer) =>
        reclaim(p.id).then(
          (r) => setShown({ player: p.id, name: p.name, code: r.code, seconds: r.seconds, until: clockIn(r.seconds) }),
          () => {}, // the screen that asked already showed why in its toast
        )
    : null;
  // asked only for an absent person, so connected now means they came back since
  const back = shown !== null && players.some((p) => p.id === shown.player && p.connected);
  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => setShown(null), BACK_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [back]);
  return { shown, back, ask, done: () => setShown(null) };
}

/** The small "New phone" button next to a disconnected person's name. */
export function ReclaimButton({ player, ask }: { player: LobbyPlayer; ask: (p: LobbyPlayer) => void }) {
  return (
    <button class="btn btn-small reclaim-btn" aria-label={S.reclaimFor(player.name)} onClick={() => ask(player)}>
      {S.reclaimButton}
    </button>
  );
}

/** The one-time code, big enough to read across the room, with when it expires. */
export function ReclaimShown({ shown, back = false, onDone, room }: { shown: ShownCode; back?: boolean; onDone: () => void; room?: string }) {
  if (back) {
    return (
      <div class="reclaim-shown reclaim-back" role="status">
        <p>{S.reclaimBackNow(shown.name)}</p>
        <button class="btn btn-small" onClick={onDone}>
          {S.reclaimDone}
        </button>
      </div>
    );
  }
  return (
    <div class="reclaim-shown" role="status">
      {/* the new phone types the room code too ("I had a seat" asks for both) */}
      {room && (
        <p class="reclaim-room">
          {S.roomCode}: <strong aria-label={room.split("").join(" ")}>{room}</strong>
        </p>
      )}
      <p>{S.reclaimShowTitle(shown.name)}</p>
      <p class="reclaim-code" aria-label={S.reclaimCodeLabel(shown.code.split("").join(" "))}>
        {shown.code}
      </p>
      <p class="reclaim-until">{S.reclaimUntil(shown.until)}</p>
      <p class="hint-text">{S.reclaimShowHelp(Math.round(shown.seconds / 60))}</p>
      <button class="btn btn-small" onClick={onDone}>
        {S.reclaimDone}
      </button>
    </div>
  );
}
