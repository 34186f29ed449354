// Small pieces every screen uses: the connection banner, a player's chip.
import type { ComponentChildren } from "preact";
import type { Status, EndReason } from "../net/connection";
import type { LobbyPlayer } from "../net/wire";
import { S } from "../strings";
import { lookFor } from "./players";
import { PlayerMark } from "./Shape";
import { botPlaysFor, botSeats, isHuman, presenceOf } from "./presence";

export function StatusBanner({ status, endReason, onRetry }: { status: Status; endReason?: EndReason | null; onRetry?: () => void }) {
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
      {status === "reconnecting" && <span class="banner-help">{S.reconnectingHelp}</span>}
    </div>
  );
}

export function PlayerChip({ player, children, big }: { player: LobbyPlayer; children?: ComponentChildren; big?: boolean }) {
  const look = lookFor(player.id);
  const human = isHuman(player);
  const presence = presenceOf(player);
  return (
    <span class={`chip ${big ? "chip-big" : ""} ${presence === "connected" ? "" : "chip-away"}`} style={{ "--pc": look.colour }}>
      <PlayerMark shape={look.shape} colour={look.colour} size={big ? 44 : 28} />
      <span class="chip-name">{player.name}</span>
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
      {presence !== "connected" && <span class={`chip-tag chip-${presence}`}>{presence === "away" ? S.presenceAway : S.presenceAbsent}</span>}
    </>
  );
}

/** "A bot is playing for Noah" while a game runs and a bot plays someone's seat (every screen shows it). */
export function BotPlaysLine({ players, exclude }: { players: LobbyPlayer[]; exclude?: number | null }) {
  const names = botSeats(players)
    .filter((p) => p.id !== exclude)
    .map((p) => p.name);
  if (names.length === 0) return null;
  return (
    <p class="bot-plays-line" role="status">
      {S.standInFor(listNames(names))}
    </p>
  );
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" in the language in use (Intl.ListFormat). */
export function listNames(names: string[]): string {
  return S.list(names);
}

