// The TV's "Download replay" button (in the host menu): fetches the room's
// replay with the TV's host token, in a header, and saves it as a file.
// Only the host can, and only when no game is being played: a replay shows every
// hidden card (docs/operating.md), and the TV is in reach of everyone in the room.
import { useState } from "preact/hooks";
import { TokenStore } from "../net/tokens";
import { filenameOf, saveBlob } from "../admin/api";
import { R } from "./strings";

export async function downloadHostReplay(tokens = new TokenStore()): Promise<void> {
  const saved = tokens.host();
  if (!saved) throw new Error(R.noHostToken);
  const reply = await fetch(`/api/rooms/${saved.room}/replay`, { headers: { Authorization: `Bearer ${saved.token}` } });
  if (reply.status === 409) throw new Error(R.afterTheGame);
  if (!reply.ok) throw new Error(R.downloadFailed(reply.status));
  saveBlob(await reply.blob(), filenameOf(reply) ?? `pizzanight-${saved.room}.replay.json`);
}

/** `playing`: a game is being played, so the button waits for its end and says so. */
export function ReplayDownload({ playing = false }: { playing?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <>
      <button
        class="btn btn-quiet"
        disabled={playing}
        onClick={() => downloadHostReplay().then(() => setFailed(null), (e: Error) => setFailed(e.message))}
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
