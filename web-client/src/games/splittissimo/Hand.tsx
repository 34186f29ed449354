// Splittissimo on a phone: tap cards in your hand and on the table, then
// "Take this trick".  Any pick may be sent: the hub judges it and, when it is
// no trick, says why, which the phone shows in a child's words ("These make
// 5/8, but that pizza is 6/8") beside the cards (issue 25 §4).  End your turn
// or pass, play a Special or Cancelled Order when the hub says you may, and
// ask for a hint.  The whole turn fits a 360x740 phone: the open cards large,
// the hand sized by how many cards it holds, the buttons in one or two rows.
import { useEffect, useRef, useState } from "preact/hooks";
import { RequestError } from "../../net/connection";
import type { Command } from "../../net/wire";
import { S, errorText } from "../../strings";
import type { HandProps, View } from "../types";
import { CardFace, cardLabel } from "./Card";
import { openCards, type Card } from "./model";
import { useCountdown } from "./Table";
import { hintButton, hintText, refusalText, type HintValue } from "./text";

function Pickable({ card, on, onToggle, glow }: { card: Card; on: boolean; onToggle: () => void; glow?: boolean }) {
  return (
    // the card's name said once: as the button's own text (hidden from the eye, the picture shows it), the
    // picture hidden from assistive tech (not an aria-label: the picture's printed "1/2 T" must be in one)
    <button class={`sp-pick ${on ? "on" : ""} ${glow ? "glow" : ""}`} aria-pressed={on} onClick={onToggle}>
      <span class="sr-only">{cardLabel(card)}</span>
      <CardFace card={card} small decorative />
    </button>
  );
}

/** "Show me a hint · 2 left"; disabled, saying why, when none is left or hints are off. */
function HintButton({ hints, onAsk }: { hints: HandProps["hints"]; onAsk: () => void }) {
  const { label, status, usable } = hintButton(hints);
  return (
    <button class="btn btn-quiet sp-hint-btn" disabled={!usable} onClick={onAsk}>
      {label}
      {status && <span class="sp-hints-left">{` ${status}`}</span>}
    </button>
  );
}

/** Columns for a row of `count` cards: the hand's cards shrink as it grows, never below a readable size. */
export function handColumns(count: number): number {
  if (count <= 5) return Math.max(4, count);
  return count <= 10 ? 5 : 6;
}

/**
 * What the phone says under the cards: the hub's reason for a refused pick, or
 * a hint.  Kept as the hub's values, and put in words at each render, so the
 * language switch changes it too.
 */
type Note = { kind: "refused" | "advice"; say: () => string; hand: number[]; table: number[]; about?: string };

/**
 * The moment a hint answers, as the phone sees it: whose turn, the reaction window open or shut,
 * the tricks taken, what this seat may do, and the cards in hand and on the table.  A hint is
 * about one such moment (the hub computes it at one room version, `v` in docs/protocol.md "hint",
 * whose state the phone already holds when the answer comes): once the moment has passed (the
 * countdown ended and the turn began, a card was drawn, a trick taken) the hint says nothing true
 * and goes.  Presence and other lobby changes move the room version but not this.
 */
export function hintMoment(game: View, legal: Command[]): string {
  const ids = (cards: unknown) => ((cards ?? []) as Card[]).map((c) => c.id).join(",");
  return [
    game.phase,
    game.turn,
    game.active,
    game.window ? "window" : "open",
    game.tricks_this_turn ?? 0,
    [...new Set(legal.map((c) => c.type))].sort().join(","),
    ids(game.hand),
    ids(openCards(game)),
  ].join("|");
}

export function SplittissimoHand({ game, legal, send, hint, hints }: HandProps) {
  const [hand, setHand] = useState<number[]>([]);
  const [table, setTable] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  /** Until when (ms) the hub asked this seat to wait before its next try (class/slow_down). */
  const [coolUntil, setCoolUntil] = useState(0);
  /** The turn in which the hub stopped judging this seat's tries (class/no_more_tries). */
  const [noMoreTries, setNoMoreTries] = useState<number | null>(null);
  const [, tick] = useState(0);
  const left = useCountdown(game.window);
  const open = openCards(game);
  const mine = game.hand as Card[];
  useEffect(() => {
    setHand((h) => h.filter((id) => mine.some((c) => c.id === id)));
    setTable((t) => t.filter((id) => open.some((c) => c.id === id)));
    setBusy(false);
  }, [JSON.stringify(mine.map((c) => c.id)), JSON.stringify(open.map((c) => c.id)), game.turn]);
  useEffect(() => setNote(null), [game.turn, game.tricks_this_turn]);
  // A hint answers one moment of the game (hintMoment): it goes when that moment has passed, e.g. a
  // "nothing to play, wait for your turn" asked in the countdown, once the turn has begun.
  const moment = hintMoment(game, legal);
  useEffect(() => setNote((n) => (n && n.kind === "advice" && n.about !== undefined && n.about !== moment ? null : n)), [moment]);
  useEffect(() => {
    if (coolUntil <= Date.now()) return;
    const t = setTimeout(() => tick((n) => n + 1), coolUntil - Date.now() + 20);
    return () => clearTimeout(t);
  }, [coolUntil]);
  // Functional updates: two quick taps before a render both count.
  const toggle = (_list: number[], set: (f: (v: number[]) => number[]) => void, id: number) =>
    set((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const act = (cmd: Command) => {
    setBusy(true);
    send(cmd).then(
      () => {
        setHand([]);
        setTable([]);
      },
      () => setBusy(false),
    );
  };
  const endTurn = legal.find((c) => c.type === "EndTurn");
  const pass = legal.find((c) => c.type === "Pass");
  const trickListed = legal.some((c) => c.type === "TakeTrick");
  // This seat's own turn, the reaction window closed: it may try a trick (the hub judges it).
  const myTurn = !game.window && game.phase !== "over" && Boolean(endTurn || pass || trickListed);
  const specials = legal.filter((c) => c.type === "PlaySpecialOrder");
  const cancel = legal.find((c) => c.type === "PlayCancelledOrder");
  const cooling = coolUntil > Date.now();
  const stopped = noMoreTries === game.turn;
  const picked = hand.length + table.length > 0;
  const take = () => {
    const cmd: Command = { type: "TakeTrick", hand: [...hand], table: [...table] };
    setBusy(true);
    setNote(null);
    send(cmd, { quiet: true }).then(
      () => {
        setHand([]);
        setTable([]);
      },
      (err: unknown) => {
        setBusy(false);
        const code = err instanceof RequestError ? err.code : "";
        const params = err instanceof RequestError ? err.params : undefined;
        const usable = hintButton(hints).usable && Boolean(hint);
        const context = { level: String(game.level), hints: usable, took: Number(game.tricks_this_turn ?? 0) > 0 };
        const say = () => refusalText(code, params, context) ?? errorText(code, params);
        if (code === "class/slow_down") setCoolUntil(Date.now() + 1000 * Number(params?.seconds ?? 2));
        if (code === "class/no_more_tries") setNoMoreTries(game.turn);
        // The pick stays picked, so the child can change one card and try again.
        setNote({ kind: "refused", say, hand: [], table: [] });
      },
    );
  };
  // (read when a hint comes back: the moment the phone shows then, which the hub's answer is about)
  const momentNow = useRef(moment);
  momentNow.current = moment;
  const askHint = () => {
    if (!hint) return;
    // A hub that never answers must not leave the button hanging.
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 6000));
    Promise.race([hint(), late]).then(
      (h) => {
        const value = h as HintValue | null;
        // The hint's cards glow: a pick made before is let go, so "Take this trick" sends what the hint shows once tapped.
        setHand([]);
        setTable([]);
        // No hint: this seat has nothing to play until its turn (on its turn there is always one).
        setNote({ kind: "advice", say: () => hintText(value), hand: value?.command?.hand ?? [], table: value?.command?.table ?? [], about: momentNow.current });
      },
      () => setNote({ kind: "advice", say: () => S.sp_hintFailed, hand: [], table: [], about: momentNow.current }),
    );
  };
  const glowing = note?.kind === "advice" ? note : null;
  return (
    // data-turn: the game's turn on screen (tests tell one turn from the next by it, never by a clock)
    <section class="sp-hand" aria-label={S.game_splittissimo} data-turn={game.turn}>
      {left !== null && <p class="sp-window">{S.sp_window(left)}</p>}
      {cancel && (
        <button class="btn btn-start sp-cancel" disabled={busy} onClick={() => act(cancel)}>
          {S.sp_playCancelled}
        </button>
      )}
      <h3 id="sp-table-title">{S.sp_tableTitle}</h3>
      <div class={`sp-row sp-open-row ${game.level === "easy" ? "sp-open-easy" : ""}`} role="group" aria-labelledby="sp-table-title" style={{ "--cols": Math.max(3, open.length) }}>
        {open.map((c) => (
          <Pickable key={c.id} card={c} on={table.includes(c.id)} glow={glowing?.table.includes(c.id)} onToggle={() => toggle(table, setTable, c.id)} />
        ))}
      </div>
      <h3 id="sp-hand-title">{S.sp_handTitle}</h3>
      <div
        class="sp-row sp-hand-row"
        role="group"
        aria-labelledby="sp-hand-title"
        style={{ "--cols": handColumns(mine.length), "--rows": Math.max(1, Math.ceil(mine.length / handColumns(mine.length))) }}
      >
        {mine.map((c) => (
          <Pickable key={c.id} card={c} on={hand.includes(c.id)} glow={glowing?.hand.includes(c.id)} onToggle={() => toggle(hand, setHand, c.id)} />
        ))}
      </div>
      {note && (
        <p class={`sp-note ${note.kind === "refused" ? "sp-refused" : "sp-advice"}`} role={note.kind === "refused" ? "alert" : "status"}>
          {note.say()}
        </p>
      )}
      <div class="action-bar sp-actions">
        {myTurn && (
          <button class="btn btn-start sp-take" disabled={!picked || busy || cooling || stopped} onClick={take}>
            {S.sp_takeTrick}
          </button>
        )}
        {specials.map((c) => (
          <button key={String(c.card)} class="btn sp-purple-btn" disabled={busy} onClick={() => act(c)}>
            {S.sp_playSpecial}
          </button>
        ))}
        {endTurn && (
          <button class="btn" disabled={busy} onClick={() => act(endTurn)}>
            {S.sp_endTurn}
          </button>
        )}
        {pass && (
          <button class="btn" disabled={busy} onClick={() => act(pass)}>
            {/* With the pass_anytime option a pass is offered beside a trick (RULES-NOTES 3.3): say so plainly. */}
            {trickListed ? S.sp_passAnyway : S.sp_pass}
          </button>
        )}
        {hint && game.phase !== "over" && <HintButton hints={hints} onAsk={askHint} />}
      </div>
    </section>
  );
}
