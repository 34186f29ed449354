// Splittissimo on the TV: the open table (easy) or the three piles, whose
// turn, the reaction-window countdown, the last trick with its sum, every
// seat's hand size and pizzas delivered.
import { useEffect, useRef, useState } from "preact/hooks";
import type { LobbyPlayer, Notice } from "../../net/wire";
import { S } from "../../strings";
import { PlayerChip } from "../../ui/common";
import { bySeat } from "../../ui/players";
import { botPlaysFor } from "../../ui/presence";
import { BOT_MOVED_NOTICES } from "../../ui/notices";
import type { TableProps, View } from "../types";
import { CardFace } from "./Card";
import { cancelIsNews, windowLeft, type CancelSeen, type Card } from "./model";
import { endReason, mixedNumber, sumText } from "./text";

/**
 * Seconds left in the reaction window, counted down on this screen from when
 * it saw the window open.  The clock is read at each render (the interval
 * only asks for one): a value kept from the last window made a fresh 3 s
 * window read "94 s" until the next tick.
 */
export function useCountdown(window: View | null): number | null {
  const opened = useRef<{ turn: number; at: number } | null>(null);
  const [, setTick] = useState(0);
  if (window && (!opened.current || opened.current.turn !== window.turn)) opened.current = { turn: window.turn, at: Date.now() };
  if (!window) opened.current = null;
  useEffect(() => {
    if (!window) return;
    const t = setInterval(() => setTick((n) => n + 1), 200);
    return () => clearInterval(t);
  }, [window?.turn]);
  if (!window || !opened.current) return null;
  return Math.ceil(windowLeft(window.ms, opened.current.at, Date.now()) / 1000);
}

/** Whether the last Cancelled Order is still news: the turn it started is the one being played. */
function useCancelNews(game: View): boolean {
  const seen = useRef<{ key: string; turn: number } | null>(null);
  const cancel = game.last_cancel as CancelSeen | null;
  const key = cancel ? `${cancel.seat}:${cancel.by}:${cancel.turn ?? ""}` : "";
  if (!cancel) seen.current = null;
  else if (!seen.current || seen.current.key !== key) seen.current = { key, turn: game.turn };
  return game.phase !== "over" && cancelIsNews(cancel, game.turn, seen.current?.turn ?? null);
}

interface TrickSeen {
  key: string;
  byBot: boolean;
}

/**
 * Whether a bot made the last trick for its seat's player (the class audit: a trick the turn timer's bot
 * took read "Ben made a trick" on every phone).  The view does not say who chose a move, so the screen
 * judges when the trick appears: a bot plays the seat now (a stand-in, a handed or removed seat), or a
 * notice that a bot moved for that player came in this very change or earlier in the same turn.  A page
 * opened after the trick knows only the first.
 */
export function useTrickByBot(game: View, players: LobbyPlayer[], notices: readonly Notice[] | undefined): boolean {
  const trick = game.last_trick;
  const seen = useRef<TrickSeen | null>(null);
  const mark = useRef<number | null>(null);
  // (player, game turn) for each bot notice this screen saw arrive
  const botTurns = useRef<{ player: number; turn: number }[]>([]);
  const list = notices ?? [];
  if (mark.current !== null) {
    for (const n of list) if (n.n > mark.current && BOT_MOVED_NOTICES.has(n.kind)) botTurns.current = [...botTurns.current.slice(-5), { player: n.player, turn: game.turn }];
  }
  mark.current = list.reduce((m, x) => Math.max(m, x.n), mark.current ?? -1);
  if (!trick) {
    seen.current = null;
    return false;
  }
  const key = `${trick.seat}:${(trick.hand as Card[]).map((c) => c.id).join(",")}:${(trick.table as Card[]).map((c) => c.id).join(",")}`;
  if (seen.current?.key !== key) {
    const player = bySeat(players).get(trick.seat);
    const byBot = !!player && (botPlaysFor(player) || botTurns.current.some((b) => b.player === player.id && b.turn === game.turn));
    seen.current = { key, byBot };
  }
  return seen.current.byBot;
}

export function LastTrick({ game, players, byBot = false }: { game: View; players: LobbyPlayer[]; byBot?: boolean }) {
  const trick = game.last_trick;
  if (!trick) return null;
  const who = bySeat(players).get(trick.seat)?.name ?? S.seat(trick.seat);
  const said = trick.special ? S.sp_specialPlayed(who) : byBot ? S.sp_trickByBot(who) : S.sp_trickBy(who);
  return (
    <div class="sp-trick" aria-live="polite">
      <p class="sp-trick-who">{said}</p>
      <div class="sp-trick-cards">
        {(trick.hand as Card[]).map((c) => (
          <CardFace key={`h${c.id}`} card={c} small />
        ))}
        <span class="sp-equals" aria-hidden="true">
          =
        </span>
        {(trick.table as Card[]).map((c) => (
          <CardFace key={`t${c.id}`} card={c} small />
        ))}
      </div>
      <p class="sp-sum">{sumText(trick.text)}</p>
    </div>
  );
}

export function OpenCards({ game }: { game: View }) {
  if (game.level !== "easy") {
    return (
      <div class="sp-piles" role="list" aria-label={S.sp_piles}>
        {(game.piles as View[]).map((p, i) => (
          <div key={i} role="listitem" class="sp-pile" aria-label={S.sp_pileLabel(i, p.size)}>
            {p.top ? <CardFace card={p.top} /> : <div class="sp-empty">{S.sp_emptyPile}</div>}
            <span class="sp-pile-size">{S.sp_cardsInPile(p.size)}</span>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div class="sp-open" role="list" aria-label={S.sp_table}>
      {(game.table as Card[]).map((c) => (
        <div key={c.id} role="listitem">
          <CardFace card={c} />
        </div>
      ))}
    </div>
  );
}

export function SplittissimoTable({ game, players, lobby }: TableProps) {
  const seats = bySeat(players);
  const byBot = useTrickByBot(game, players, lobby?.notices);
  const left = useCountdown(game.window);
  const cancelNews = useCancelNews(game);
  const active = seats.get(game.active)?.name ?? "";
  return (
    <div class="sp-table">
      <section class="sp-centre">
        <div class="sp-info">
          <p class="table-round">{S.sp_level(S.sp_levelName[String(game.level)] ?? String(game.level))}</p>
          {/* on a phone the prompt above the hand says whose turn it is: the turn line is the TV's */}
          {/* announced when it changes (whose turn, or the end), without the deck's count beside it */}
          <p class={`table-phase ${game.phase === "over" ? "" : "sp-turn-line"}`} aria-live="polite">{game.phase === "over" ? endReason(String(game.final?.reason ?? ""), String(game.level)) : S.sp_turnOf(active)}</p>
          {left !== null && (
            <p class="sp-window" role="timer" aria-live="off">
              {S.sp_window(left)}
            </p>
          )}
          {cancelNews && (
            <p class="hint-text">{S.sp_cancelled(seats.get(game.last_cancel.by)?.name ?? "", seats.get(game.last_cancel.seat)?.name ?? "")}</p>
          )}
          <p class="hint-text">{S.sp_deck(game.deck_size)}</p>
        </div>
        <OpenCards game={game} />
        <LastTrick game={game} players={players} byBot={byBot} />
      </section>
      <ul class="sp-seats" aria-label={S.players}>
        {(game.seats as View[]).map((s) => {
          const p = seats.get(s.seat);
          return (
            <li key={s.seat} class={`sp-seat ${s.seat === game.active && game.phase !== "over" ? "current" : ""}`}>
              {p ? <PlayerChip player={p} /> : <span class="chip">{S.seat(s.seat)}</span>}
              <span class="sp-seat-cards">{S.sp_handCount(s.hand_count)}</span>
              <span class="sp-delivered">{S.sp_delivered(mixedNumber(s.delivered))}</span>
              {/* one word that never breaks ("pasó" wrapped to a line of its own) */}
              {s.passed && (
                <span class="hint-text" style={{ whiteSpace: "nowrap" }}>
                  {S.sp_passed}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
