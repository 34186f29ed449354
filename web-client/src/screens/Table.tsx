// The shared screen during a game (TV and watch): a slim header to join or
// follow, the game's own table, and the end panel once there is an outcome.
import type { ComponentChildren } from "preact";
import type { StateFrame } from "../net/wire";
import { S } from "../strings";
import { uiFor } from "../games";
import { EndPanel } from "./EndPanel";
import type { HostActions } from "./Lobby";
import { HostMenu } from "./HostMenu";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { Countdown, useCountdown } from "./Countdown";
import { useRef } from "preact/hooks";
import { useWide } from "../ui/useWide";
import { useFitToWindow } from "../ui/fit";
import { authorityText, tvHosts } from "../ui/authority";
import { BotPlaysLine } from "../ui/common";
import { seatedRoster } from "../ui/players";
import { TableBrief, hasBrief } from "./TableBrief";

/**
 * `replaying`: drawn by the replay viewer, a game already over; no countdown, nobody in charge now.
 * `audience`: the audience strip (votes, reactions' tally), laid along the table's foot in the page's
 * flow, so it never lies over the table's labels; the table is that much shorter.
 */
export function TableScreen({
  state,
  host,
  watching,
  replaying,
  audience,
}: {
  state: StateFrame;
  host: HostActions | null;
  watching?: boolean;
  replaying?: boolean;
  audience?: ComponentChildren;
}) {
  const ui = uiFor(state.lobby.game);
  const title = S[`game_${state.lobby.game}` as keyof typeof S] as string | undefined;
  const seconds = useCountdown(state);
  // the TV never scrolls, nor does a watch page or a replay on a big screen; a phone watching may
  // (its page is a column to read down)
  const main = useRef<HTMLElement>(null);
  const wide = useWide();
  // (a strip coming or going changes the room the table has: measured afresh, like a new round)
  const strip = Boolean(audience) && !state.outcome;
  useFitToWindow(main, `${state.lobby.game}:${state.game?.round ?? ""}:${strip}`, !watching || wide);
  // a phone watching reads the game's public summary, not the TV's table shrunk (issue 27 §1)
  const brief = Boolean(watching && !wide && hasBrief(state.lobby.game));
  // the TV's host menu, while no phone hosts
  const menu = Boolean(host && !watching && tvHosts(state.lobby));
  return (
    <main
      ref={main}
      class={`tv-game ${state.outcome ? "tv-game-over" : ""} ${brief ? "tv-game-brief" : ""} ${strip ? "tv-game-audience" : ""}`}
    >
      <header class="tv-header">
        {/* the screen's main control when nothing here is the TV's to press (a phone hosts): its title */}
        <span class="tv-title" tabIndex={-1} data-main={state.outcome || menu ? undefined : true}>
          {title ?? state.lobby.game}
        </span>
        <span class="tv-header-end">
          <span class="tv-code">
            {watching ? S.watchTitle(state.room) : <>{S.roomCode} <strong>{state.room}</strong></>}
          </span>
          {seconds !== null && !replaying && <Countdown seconds={seconds} />}
          {!replaying && <span class="authority-line authority-tv">{authorityText(state.lobby, watching ? "watch" : "tv")}</span>}
          {menu && host && <HostMenu lobby={state.lobby} host={host} finished={Boolean(state.outcome)} main={!state.outcome} />}
          <LanguageSwitch compact />
        </span>
      </header>
      {state.game && !state.outcome && <BotPlaysLine players={state.lobby.players} standIns={state.lobby.stand_ins !== false} />}
      {state.game && !state.outcome && (brief ? (
        <TableBrief gameId={state.lobby.game!} game={state.game} players={seatedRoster(state.lobby)} outcome={state.outcome} />
      ) : (
        <ui.Table game={state.game} lobby={state.lobby} players={seatedRoster(state.lobby)} outcome={state.outcome} />
      ))}
      {strip && audience}
      {/* Game over: the final table stays in sight beside the panel, never under it (issue 27) */}
      {state.outcome && (
        <div class="tv-final">
          {/* a phone watching: the end panel's own list of scores is the final table */}
          {state.game && !brief && (
            <div class="tv-final-table">
              <ui.Table game={state.game} lobby={state.lobby} players={seatedRoster(state.lobby)} outcome={state.outcome} />
            </div>
          )}
          <EndPanel state={state} host={host && tvHosts(state.lobby) ? host : null} replaying={replaying} />
        </div>
      )}
    </main>
  );
}
