// The TV's "Download replay" button (in the host menu): fetches the room's
// replay with the TV's host token, in a header, and saves it as a file.
// Only the host can: a replay shows every hidden card (docs/operating.md).
import { useState } from "preact/hooks";
import { TokenStore } from "../net/tokens";
import { filenameOf, saveBlob } from "../admin/api";
import { R } from "./strings";

export async function downloadHostReplay(tokens = new TokenStore()): Promise<void> {
  const saved = tokens.host();
  if (!saved) throw new Error(R.noHostToken);
  const reply = await fetch(`/api/rooms/${saved.room}/replay`, { headers: { Authorization: `Bearer ${saved.token}` } });
  if (!reply.ok) throw new Error(R.downloadFailed(reply.status));
  saveBlob(await reply.blob(), filenameOf(reply) ?? `pizzanight-${saved.room}.replay.json`);
}

export function ReplayDownload() {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <>
      <button class="btn btn-quiet" onClick={() => downloadHostReplay().then(() => setFailed(null), (e: Error) => setFailed(e.message))}>
        {R.download}
      </button>
      {failed && (
        <span class="hint-text" role="alert">
          {failed}
        </span>
      )}
    </>
  );
}
