// The host's "Download replay" button (in the host menu, on the TV or the host
// phone): fetches the room's replay with the host's token (the TV's host token,
// or the host phone's seat token), in a header, and saves it as a file.
// Only the host can, and only when no game is being played: a replay shows every
// hidden card (docs/operating.md), the TV is in reach of everyone in the room,
// and the host phone plays in the game.
import { useState } from "preact/hooks";
import { TokenStore } from "../net/tokens";
import { filenameOf, saveBlob } from "../admin/api";
import { R } from "./strings";

/** Which token opens the replay: the TV's host token, or the host phone's own seat. */
export type ReplayFrom = "tv" | "phone";

export function replayToken(room: string | null, from: ReplayFrom, tokens = new TokenStore()): { room: string; token: string } | null {
  if (from === "phone") return room ? tokens.seat(room) : null;
  return (room ? tokens.hostFor(room) : null) ?? tokens.host();
}

export async function downloadHostReplay(room: string | null = null, from: ReplayFrom = "tv", tokens = new TokenStore()): Promise<void> {
  const saved = replayToken(room, from, tokens);
  if (!saved) throw new Error(R.noHostToken);
  const reply = await fetch(`/api/rooms/${saved.room}/replay`, { headers: { Authorization: `Bearer ${saved.token}` } });
  if (reply.status === 409) throw new Error(R.afterTheGame);
  if (!reply.ok) throw new Error(R.downloadFailed(reply.status));
  saveBlob(await reply.blob(), filenameOf(reply) ?? `pizzanight-${saved.room}.replay.json`);
}

/** `playing`: a game is being played, so the button waits for its end and says so. */
export function ReplayDownload({ playing = false, room = null, from = "tv" }: { playing?: boolean; room?: string | null; from?: ReplayFrom }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <>
      <button
        class="btn btn-quiet"
        disabled={playing}
        onClick={() => downloadHostReplay(room, from).then(() => setFailed(null), (e: Error) => setFailed(e.message))}
      >
        {R.download}
      </button>
      {playing && <span class="hint-text">{R.afterTheGame}</span>}
      {!playing && failed && (
        <span class="hint-text" role="alert">
          {failed}
        </span>
      )}
    </>
  );
}
