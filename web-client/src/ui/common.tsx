// Small pieces every screen uses: the connection banner, a player's chip.
import type { ComponentChildren } from "preact";
import type { Status, EndReason } from "../net/connection";
import type { LobbyPlayer } from "../net/wire";
import { S } from "../strings";
import { lookFor } from "./players";
import { PlayerMark } from "./Shape";

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
  return (
    <span class={`chip ${big ? "chip-big" : ""} ${player.connected || player.bot ? "" : "chip-away"}`} style={{ "--pc": look.colour }}>
      <PlayerMark shape={look.shape} colour={look.colour} size={big ? 44 : 28} />
      <span class="chip-name">{player.name}</span>
      {player.bot && <span class="chip-tag">{S.bot}</span>}
      {!player.bot && !player.connected && <span class="chip-tag">{S.offline}</span>}
      {children}
    </span>
  );
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" in the language in use (Intl.ListFormat). */
export function listNames(names: string[]): string {
  return S.list(names);
}

