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
