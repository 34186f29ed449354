// A spectator: the TV's view, read-only.
import { useSession } from "../session";
import { S } from "../strings";
import { StatusBanner } from "../ui/common";
import { LobbyView } from "./Lobby";
import { TableScreen } from "./Table";
import { ReactionBar } from "../reactions/Reactions";
import { WatchVoteCard } from "../votes/Votes";
import { NoticeStack } from "../ui/Notices";

export function WatchScreen({ code }: { code: string }) {
  const session = useSession({ role: "spectator", room: code }, `watch:${code}`)!;
  const { conn, state, status } = session;
  return (
    <div class="screen tv watch">
      <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} />
      {!state && (
        <main class="splash">
          <h1>{S.appName}</h1>
          <p>{S.watchTitle(code)}</p>
        </main>
      )}
      {state && !state.game && <LobbyView lobby={state.lobby} code={state.room} host={null} />}
      {state && state.game && <TableScreen state={state} host={null} watching />}
      {state && status !== "ended" && <WatchVoteCard conn={conn} state={state} />}
      {state && status !== "ended" && <ReactionBar conn={conn} />}
      {state && <NoticeStack lobby={state.lobby} variant="tv" />}
    </div>
  );
}
