// Small pieces every screen uses: the connection banner, a player's chip.
import type { ComponentChildren } from "preact";
import type { Status, EndReason } from "../net/connection";
import type { LobbyPlayer } from "../net/wire";
import { S } from "../strings";
import { useContext } from "preact/hooks";
import { lookAt, lookFor, RosterContext } from "./players";
import { PlayerMark } from "./Shape";
import { botPlaysFor, botSeats, droppedSeats, isHuman, presenceOf } from "./presence";

/**
 * The connection's state. `who`: a phone holds a seat ("your seat is kept"); a screen (the TV, the watch
 * page) holds none, and the game goes on without it (the audit: an offline TV said "Your seat is kept").
 */
export function StatusBanner({
  status,
  endReason,
  onRetry,
  who = "screen",
}: {
  status: Status;
  endReason?: EndReason | null;
  onRetry?: () => void;
  who?: "phone" | "screen";
}) {
  if (status === "open") return null;
  if (status === "ended") {
    const text = S[`ended_${endReason ?? "rejected"}` as const];
    return (
      <div class="banner banner-ended" role="alert">
        <span>{text}</span>
        {endReason === "replaced" && onRetry && (
          <button class="btn" onClick={onRetry}>
            {S.useHere}
          </button>
        )}
      </div>
    );
  }
  return (
    <div class="banner banner-reconnecting" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>{status === "connecting" ? S.connecting : S.reconnecting}</span>
      {status === "reconnecting" && <span class="banner-help">{who === "phone" ? S.reconnectingHelp : S.reconnectingHelpScreen}</span>}
    </div>
  );
}

/**
 * A player's chip: their mark, name and presence.  Their look comes from their place in the room's list
 * (`players`, else the screen's `RosterContext`; ui/players.ts says why).
 */
export function PlayerChip({
  player,
  players,
  children,
  big,
}: {
  player: LobbyPlayer;
  players?: readonly LobbyPlayer[];
  children?: ComponentChildren;
  big?: boolean;
}) {
  const roster = useContext(RosterContext);
  const room = players ?? roster;
  const look = room ? lookFor(room, player.id) : lookAt(player.id);
  const human = isHuman(player);
  const presence = presenceOf(player);
  return (
    <span class={`chip ${big ? "chip-big" : ""} ${presence === "connected" ? "" : "chip-away"}`} style={{ "--pc": look.colour }}
      data-look={`${look.colourName} ${look.shape}`}
    >
      <PlayerMark shape={look.shape} colour={look.colour} size={big ? 44 : 28} />
      {/* a long name ends in "…" where room is short; the whole name is its title */}
      <span class="chip-name" title={player.name}>
        {player.name}
      </span>
      {!human && <span class="chip-tag">{S.bot}</span>}
      {human && <PresenceTags player={player} />}
      {children}
    </span>
  );
}

/** A person's presence as small tags: "bot playing" (a bot plays their seat), "away", "gone". */
export function PresenceTags({ player }: { player: LobbyPlayer }) {
  const presence = presenceOf(player);
  return (
    <>
      {botPlaysFor(player) && (
        <span class="chip-tag chip-standin" title={S.standInFor(player.name)}>
          {S.standInTag}
          <span class="sr-only">{`: ${S.standInFor(player.name)}`}</span>
        </span>
      )}
      {/* (a stand-in plays only for someone gone: "bot playing" says it, so no "gone" beside it) */}
      {presence !== "connected" && !(player.stand_in && presence === "absent") && (
        <span class={`chip-tag chip-${presence}`}>{presence === "away" ? S.presenceAway : S.presenceAbsent}</span>
      )}
    </>
  );
}

/**
 * While a game runs (every screen shows it): "A bot is playing for Noah" when a bot plays someone's
 * seat, and "Zoë's phone dropped: a bot will play for Zoë soon" while a seated phone is gone and its
 * stand-in has not come yet (`standIns`: the room lets bots stand in; otherwise the game waits for her).
 * `dropped` false leaves the second line out: a phone watching the game from outside it (a late joiner)
 * sees the player's "away" tag, and keeps its small screen for the game.
 */
export function BotPlaysLine({
  players,
  exclude,
  standIns = true,
  dropped: showDropped = true,
}: {
  players: LobbyPlayer[];
  exclude?: number | null;
  standIns?: boolean;
  dropped?: boolean;
}) {
  const names = botSeats(players)
    .filter((p) => p.id !== exclude)
    .map((p) => p.name);
  const dropped = showDropped ? droppedSeats(players).filter((p) => p.id !== exclude) : [];
  if (names.length === 0 && dropped.length === 0) return null;
  return (
    <>
      {names.length > 0 && (
        <p class="bot-plays-line" role="status">
          {S.standInFor(listNames(names))}
        </p>
      )}
      {dropped.length > 0 && (
        <p class="bot-plays-line dropped-line" role="status">
          {dropped.length === 1
            ? (standIns ? S.droppedBotSoon : S.droppedWaiting)(dropped[0].name)
            : (standIns ? S.droppedManyBotSoon : S.droppedManyWaiting)(listNames(dropped.map((p) => p.name)))}
        </p>
      )}
    </>
  );
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" in the language in use (Intl.ListFormat). */
export function listNames(names: string[]): string {
  return S.list(names);
}

