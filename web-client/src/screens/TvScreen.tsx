// The TV: creates (or comes back to) a room, shows the lobby, then the game.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { TokenStore } from "../net/tokens";
import { anotherTabHosts, releaseRoom, useHostedRoom } from "./tvTabs";
import { useSession } from "../session";
import { S, errorText } from "../strings";
import { StatusBanner } from "../ui/common";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { LobbyView, type HostActions } from "./Lobby";
import { TableScreen } from "./Table";
import { RequestError, type EndReason } from "../net/connection";
import type { ErrorParams, Lobby } from "../net/wire";
import { gamesOf } from "../games/catalog";
import { ReactionOverlay, ReactionTally, useReactionFeed } from "../reactions/Reactions";
import { TvVotePanel, useVoteBoard } from "../votes/Votes";
import { hasAudience } from "../votes/model";
import { MuteToggle, useSoundCues } from "../sound/Sound";
import { NoticeStack } from "../ui/Notices";
import { Moments } from "../ui/Moments";
import { MOMENT_NOTICES } from "../ui/moments";
import { useScreenFocus } from "../ui/focus";
import { spatialNavigation } from "../ui/spatial";
import { RosterContext, seatedRoster } from "../ui/players";

/**
 * A refused host operation in words.  The hub sends the code alone; where the
 * sentence needs numbers the TV already has them (the chosen game's player
 * counts), so it says them.
 */
export function hostErrorText(code: string, lobby: Lobby | null, params?: ErrorParams): string {
  if (params) return errorText(code, params);
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

/** The whole screen once a room has ended: why, and a way to start again. */
export function RoomEnded({
  reason,
  onAgain,
  again,
  message,
  title,
}: {
  reason: EndReason | null;
  onAgain: () => void;
  again?: string;
  message?: string;
  title?: string;
}) {
  return (
    <main class="room-ended" aria-labelledby="room-ended-title">
      <h1 id="room-ended-title">{title ?? S.roomEndedTitle}</h1>
      <p class="room-ended-text">{message ?? S[`ended_${reason ?? "room_closed"}` as const]}</p>
      <button class="btn btn-start" data-main onClick={onAgain}>
        {again ?? S.startOver}
      </button>
      <LanguageSwitch />
    </main>
  );
}

type TabChoice = "checking" | "ask" | "resume" | "fresh";

/**
 * The TV page: first makes sure no other tab of this browser hosts the room it
 * would resume; if one does, asks whether to open a new room or move it here.
 */
export function TvScreen() {
  const tokens = useMemo(() => new TokenStore(), []);
  // this tab's own room after a reload (another tab's newer room never takes its place), else the browser's last room
  const last = tokens.resumeHost()?.room ?? null;
  const [choice, setChoice] = useState<TabChoice>(last ? "checking" : "resume");
  useEffect(() => {
    if (!last) return;
    anotherTabHosts(last).then((busy) => setChoice(busy ? "ask" : "resume"));
  }, []);
  // a remote's arrows move focus to the nearest control that way, on every TV screen
  useEffect(() => spatialNavigation(document.body), []);
  const asking = useRef<HTMLDivElement>(null);
  useScreenFocus(asking, choice);
  if (choice === "checking") {
    return (
      <div class="screen tv">
        <main class="splash">
          <h1>{S.appName}</h1>
          <p>{S.creatingRoom}</p>
        </main>
      </div>
    );
  }
  if (choice === "ask") {
    return (
      <div class="screen tv" ref={asking}>
        <main class="room-ended" aria-labelledby="tab-title">
          <h1 id="tab-title">{S.tabBusyTitle(last!)}</h1>
          <p class="room-ended-text">{S.tabBusyHelp}</p>
          <div class="row center">
            <button class="btn btn-start" data-main onClick={() => setChoice("fresh")}>
              {S.tabNewRoom}
            </button>
            <button
              class="btn"
              onClick={() => {
                releaseRoom(last!);
                setChoice("resume");
              }}
            >
              {S.tabMoveHere(last!)}
            </button>
          </div>
          <LanguageSwitch />
        </main>
      </div>
    );
  }
  return <TvRoom fresh={choice === "fresh"} />;
}

function TvRoom({ fresh }: { fresh: boolean }) {
  const session = useSession({ role: "host", fresh }, fresh ? "tv-fresh" : "tv")!;
  const [moved, setMoved] = useState(false);
  const [toast, showToast] = useToast();
  const { conn, state, status } = session;
  // Once the room is over nothing of it stays on screen: the lobby, the table
  // and every dialog they own unmount together.
  const over = status === "ended" && conn.endReason !== "replaced";
  const sound = useSoundCues(state);
  // the audience's votes and reactions: kept here, drawn in the table's audience strip during a game
  const votes = useVoteBoard(conn);
  const reactions = useReactionFeed(conn);
  const strip = Boolean(state && hasAudience(votes, state));
  // Another tab of this browser took the room over (its person chose to): let go quietly.
  useHostedRoom(state?.room ?? null, () => {
    conn.stop();
    setMoved(true);
  });
  // Focus on purpose when the screen changes (the lobby, a game, its end, the room ended): to its main control.
  const root = useRef<HTMLDivElement>(null);
  const screen = moved ? "moved" : over ? "over" : !state ? "splash" : !state.game ? "lobby" : state.outcome ? "end" : "game";
  useScreenFocus(root, screen);
  const host: HostActions = {
    op: (op, fields = {}, then) => {
      conn.host(op, fields).then(then, (e: RequestError) => showToast(hostErrorText(e.code, state?.lobby ?? null, e.params)));
    },
    // No `reclaim`: a hand-over code is shown only on the asker's own screen, never the shared TV (issue 24).
  };
  if (moved) {
    return (
      <div class="screen tv" ref={root}>
        <RoomEnded reason={null} title={S.tabMovedTitle} message={S.tabMoved} again={S.tabNewRoom} onAgain={() => location.reload()} />
      </div>
    );
  }
  return (
    // data-version: the room version on screen (tests wait on it, never on a clock)
    <div class="screen tv" data-version={state?.version} ref={root}>
      <RosterContext.Provider value={state ? seatedRoster(state.lobby) : null}>
      {!over && <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} />}
      {!state && (
        <main class="splash">
          <h1>{S.appName}</h1>
          <p>{S.creatingRoom}</p>
        </main>
      )}
      {state && !over && !state.game && <LobbyView lobby={state.lobby} code={state.room} host={host} />}
      {state && !over && state.game && (
        <TableScreen
          state={state}
          host={host}
          audience={strip && <TvVotePanel board={votes} state={state} tally={<ReactionTally totals={reactions.totals} />} />}
        />
      )}
      {over && <RoomEnded reason={conn.endReason} onAgain={() => location.reload()} />}
      {state && !over && <ReactionOverlay feed={reactions} tally={!strip} />}
      {state && !over && <NoticeStack lobby={state.lobby} variant="tv" skip={MOMENT_NOTICES} />}
      {state && !over && <Moments state={state} />}
      {!over && <MuteToggle board={sound} />}
      <Toast text={toast} />
      </RosterContext.Provider>
    </div>
  );
}
