// The TV: creates (or comes back to) a room, shows the lobby, then the game.
import { useState } from "preact/hooks";
import { useSession } from "../session";
import { S } from "../strings";
import { StatusBanner, errorText } from "../ui/common";
import { LobbyView, type HostActions } from "./Lobby";
import { TableScreen } from "./Table";
import { RequestError, type EndReason } from "../net/connection";

export function useToast(): [string | null, (text: string) => void] {
  const [toast, setToast] = useState<string | null>(null);
  const show = (text: string) => {
    setToast(text);
    setTimeout(() => setToast((t) => (t === text ? null : t)), 4000);
  };
  return [toast, show];
}

export function Toast({ text }: { text: string | null }) {
  return (
    <div class="toast" role="status" aria-live="polite">
      {text}
    </div>
  );
}

/** The whole screen once a room has ended: why, and a way to start again. */
export function RoomEnded({ reason, onAgain, again }: { reason: EndReason | null; onAgain: () => void; again?: string }) {
  return (
    <main class="room-ended" aria-labelledby="room-ended-title">
      <h1 id="room-ended-title">{S.roomEndedTitle}</h1>
      <p class="room-ended-text">{S[`ended_${reason ?? "room_closed"}` as const]}</p>
      <button class="btn btn-start" onClick={onAgain}>
        {again ?? S.startOver}
      </button>
    </main>
  );
}

export function TvScreen() {
  const session = useSession({ role: "host" }, "tv")!;
  const [toast, showToast] = useToast();
  const { conn, state, status } = session;
  // Once the room is over nothing of it stays on screen: the lobby, the table
  // and every dialog they own unmount together.
  const over = status === "ended" && conn.endReason !== "replaced";
  const host: HostActions = {
    op: (op, fields = {}, then) => {
      conn.host(op, fields).then(then, (e: RequestError) => showToast(errorText(e.code)));
    },
  };
  return (
    <div class="screen tv">
      {!over && <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} />}
      {!state && (
        <main class="splash">
          <h1>{S.appName}</h1>
          <p>{S.creatingRoom}</p>
        </main>
      )}
      {state && !over && !state.game && <LobbyView lobby={state.lobby} code={state.room} host={host} />}
      {state && !over && state.game && <TableScreen state={state} host={host} />}
      {over && <RoomEnded reason={conn.endReason} onAgain={() => location.reload()} />}
      <Toast text={toast} />
    </div>
  );
}
