// The TV: creates (or comes back to) a room, shows the lobby, then the game.
import { useState } from "preact/hooks";
import { useSession } from "../session";
import { S, errorText } from "../strings";
import { StatusBanner } from "../ui/common";
import { LobbyView, type HostActions } from "./Lobby";
import { TableScreen } from "./Table";
import { RequestError } from "../net/connection";
import type { Lobby } from "../net/wire";
import { gamesOf } from "../games/catalog";

/**
 * A refused host operation in words.  The hub sends the code alone; where the
 * sentence needs numbers the TV already has them (the chosen game's player
 * counts), so it says them.
 */
export function hostErrorText(code: string, lobby: Lobby | null): string {
  const game = lobby ? gamesOf(lobby).find((g) => g.id === lobby.game) : undefined;
  if (code === "host/player_count" && lobby && game) return S.needPlayers(game.min_players, game.max_players, lobby.players.length);
  return errorText(code);
}

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

export function TvScreen() {
  const session = useSession({ role: "host" }, "tv")!;
  const [toast, showToast] = useToast();
  const { conn, state, status } = session;
  const host: HostActions = {
    op: (op, fields = {}, then) => {
      conn.host(op, fields).then(then, (e: RequestError) => showToast(hostErrorText(e.code, state?.lobby ?? null)));
    },
  };
  return (
    <div class="screen tv">
      <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} />
      {!state && (
        <main class="splash">
          <h1>{S.appName}</h1>
          <p>{S.creatingRoom}</p>
        </main>
      )}
      {state && !state.game && <LobbyView lobby={state.lobby} code={state.room} host={host} />}
      {state && state.game && <TableScreen state={state} host={host} />}
      {status === "ended" && conn.endReason !== "replaced" && (
        <div class="row center">
          <button class="btn" onClick={() => location.reload()}>
            {S.startOver}
          </button>
        </div>
      )}
      <Toast text={toast} />
    </div>
  );
}
