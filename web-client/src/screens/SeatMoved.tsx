// A phone whose seat was handed to another phone (issue 24): the hub refuses
// its old seat token with `room/seat_moved`.  It says so plainly, instead of
// a generic error, and offers the two things left to do: join the room as a
// new player, or watch it.
import type { Connection } from "../net/connection";
import { S } from "../strings";
import { LanguageSwitch } from "../ui/LanguageSwitch";

/** Whether this connection was refused because its seat now belongs to another phone. */
export function seatMovedAway(conn: Pick<Connection, "lastError">): boolean {
  return conn.lastError?.code === "room/seat_moved";
}

/**
 * A tab whose seat another tab or window of this phone took (the hub's `bye` "replaced"): it says so,
 * and "Play here" takes the seat back with the same token (the other tab then says this).  Never a
 * join form: the seat is still this phone's.
 */
export function SeatElsewhere({ onPlayHere }: { onPlayHere: () => void }) {
  return (
    <main class="room-ended seat-elsewhere" aria-labelledby="seat-elsewhere-title">
      <h1 id="seat-elsewhere-title">{S.seatElsewhereTitle}</h1>
      <p class="room-ended-text">{S.seatElsewhereHelp}</p>
      <div class="row center">
        <button class="btn btn-start" onClick={onPlayHere}>
          {S.playHere}
        </button>
      </div>
      <LanguageSwitch />
    </main>
  );
}

export function SeatMoved({ code, onJoin }: { code: string | null; onJoin: () => void }) {
  return (
    <main class="room-ended seat-moved" aria-labelledby="seat-moved-title">
      <h1 id="seat-moved-title">{S.seatMovedTitle}</h1>
      <p class="room-ended-text">{S.seatMovedHelp}</p>
      <div class="row center">
        <button class="btn btn-start" onClick={onJoin}>
          {S.joinAsNew}
        </button>
        {code && (
          <a class="btn" href={`/watch/${code}`}>
            {S.watchInstead}
          </a>
        )}
      </div>
      <LanguageSwitch />
    </main>
  );
}
