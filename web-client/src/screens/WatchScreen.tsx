// A spectator: the TV's view, read-only.
import { useSession } from "../session";
import { S } from "../strings";
import { StatusBanner } from "../ui/common";
import { LobbyView } from "./Lobby";
import { TableScreen } from "./Table";
import { ReactionBar } from "../reactions/Reactions";
import { WatchVoteCard, useWatchVotes } from "../votes/Votes";
import { useWide } from "../ui/useWide";
import { NoticeStack } from "../ui/Notices";
import { RosterContext, seatedRoster } from "../ui/players";

export function WatchScreen({ code }: { code: string }) {
  const session = useSession({ role: "spectator", room: code }, `watch:${code}`)!;
  const { conn, state, status } = session;
  // the votes are kept here: on a big screen the card is the table's audience strip, on a phone it is in
  // the page's flow under the summary
  const votes = useWatchVotes(conn, state?.room ?? code.toUpperCase());
  const wide = useWide();
  const live = Boolean(state && status !== "ended");
  // in a game on a big screen, the vote card and the reaction bar are the table's audience strip
  const inStrip = Boolean(wide && live && state?.game && !state.outcome);
  return (
    <div class="screen tv watch">
      <RosterContext.Provider value={state ? seatedRoster(state.lobby) : null}>
      <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} />
      {!state && (
        <main class="splash">
          <h1>{S.appName}</h1>
          <p>{S.watchTitle(code)}</p>
        </main>
      )}
      {state && !state.game && <LobbyView lobby={state.lobby} code={state.room} host={null} />}
      {state && state.game && (
        <TableScreen
          state={state}
          host={null}
          watching
          audience={inStrip && <WatchVoteCard votes={votes} state={state} strip extra={<ReactionBar conn={conn} />} />}
        />
      )}
      {state && live && !inStrip && <WatchVoteCard votes={votes} state={state} />}
      {state && live && !inStrip && <ReactionBar conn={conn} />}
      {state && <NoticeStack lobby={state.lobby} variant="tv" />}
      </RosterContext.Provider>
    </div>
  );
}
