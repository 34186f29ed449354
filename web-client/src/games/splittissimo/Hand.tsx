// Splittissimo on a phone: tap cards in your hand and on the table to build
// a trick (the button wakes up when it is a real trick), end your turn or
// pass, play a Special or Cancelled Order when the hub says you may, and ask
// for a hint.
import { useEffect, useState } from "preact/hooks";
import type { Command } from "../../net/wire";
import { S } from "../../strings";
import type { HandProps } from "../types";
import { CardFace } from "./Card";
import { matchTrick, openCards, type Card } from "./model";
import { useCountdown } from "./Table";
import { hintText, hintButton, type HintValue } from "./text";

function Pickable({ card, on, onToggle, glow }: { card: Card; on: boolean; onToggle: () => void; glow?: boolean }) {
  return (
    <button class={`sp-pick ${on ? "on" : ""} ${glow ? "glow" : ""}`} aria-pressed={on} onClick={onToggle}>
      <CardFace card={card} small />
    </button>
  );
}

/** "Show me a hint · 2 left"; disabled, saying why, when none is left or hints are off. */
function HintButton({ hints, onAsk }: { hints: HandProps["hints"]; onAsk: () => void }) {
  const { label, status, usable } = hintButton(hints);
  return (
    <button class="btn btn-quiet sp-hint-btn" disabled={!usable} onClick={onAsk}>
      {label}
      {status && <span class="sp-hints-left">{` · ${status}`}</span>}
    </button>
  );
}

export function SplittissimoHand({ game, legal, send, hint, hints }: HandProps) {
  const [hand, setHand] = useState<number[]>([]);
  const [table, setTable] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [advice, setAdvice] = useState<{ text: string; hand: number[]; table: number[] } | null>(null);
  const left = useCountdown(game.window);
  const open = openCards(game);
  const mine = game.hand as Card[];
  useEffect(() => {
    setHand((h) => h.filter((id) => mine.some((c) => c.id === id)));
    setTable((t) => t.filter((id) => open.some((c) => c.id === id)));
    setBusy(false);
  }, [JSON.stringify(mine.map((c) => c.id)), JSON.stringify(open.map((c) => c.id)), game.turn]);
  useEffect(() => setAdvice(null), [game.turn, game.tricks_this_turn]);
  const toggle = (list: number[], set: (v: number[]) => void, id: number) => set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
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
  const trick = matchTrick(
    legal,
    hand.map((id) => mine.find((c) => c.id === id)!).filter(Boolean),
    table.map((id) => open.find((c) => c.id === id)!).filter(Boolean),
    game,
  );
  const canTrick = legal.some((c) => c.type === "TakeTrick");
  const specials = legal.filter((c) => c.type === "PlaySpecialOrder");
  const cancel = legal.find((c) => c.type === "PlayCancelledOrder");
  const endTurn = legal.find((c) => c.type === "EndTurn");
  const pass = legal.find((c) => c.type === "Pass");
  const askHint = () => {
    if (!hint) return;
    // A hub that never answers must not leave the button hanging.
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 6000));
    Promise.race([hint(), late]).then(
      (h) => {
        const value = h as HintValue | null;
        // No hint: this seat has nothing to play until its turn (on its turn there is always one).
        setAdvice({ text: hintText(value), hand: value?.command?.hand ?? [], table: value?.command?.table ?? [] });
      },
      () => setAdvice({ text: S.sp_hintFailed, hand: [], table: [] }),
    );
  };
  return (
    <section class="sp-hand" aria-label={S.game_splittissimo}>
      {left !== null && <p class="sp-window">{S.sp_window(left)}</p>}
      {cancel && (
        <button class="btn btn-start sp-cancel" disabled={busy} onClick={() => act(cancel)}>
          {S.sp_playCancelled}
        </button>
      )}
      <h3 id="sp-table-title">{S.sp_tableTitle}</h3>
      <div class="sp-row" role="group" aria-labelledby="sp-table-title">
        {open.map((c) => (
          <Pickable key={c.id} card={c} on={table.includes(c.id)} glow={advice?.table.includes(c.id)} onToggle={() => toggle(table, setTable, c.id)} />
        ))}
      </div>
      <h3 id="sp-hand-title">{S.sp_handTitle}</h3>
      <div class="sp-row" role="group" aria-labelledby="sp-hand-title">
        {mine.map((c) => (
          <Pickable key={c.id} card={c} on={hand.includes(c.id)} glow={advice?.hand.includes(c.id)} onToggle={() => toggle(hand, setHand, c.id)} />
        ))}
      </div>
      {advice && (
        <p class="sp-advice" role="status">
          {advice.text}
        </p>
      )}
      <div class="action-bar">
        {canTrick && (
          <button class="btn btn-start" disabled={!trick || busy} onClick={() => trick && act(trick)}>
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
            {canTrick ? S.sp_passAnyway : S.sp_pass}
          </button>
        )}
        {hint && game.phase !== "over" && <HintButton hints={hints} onAsk={askHint} />}
      </div>
    </section>
  );
}
