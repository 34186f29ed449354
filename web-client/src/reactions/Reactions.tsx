// The reaction bar (phones and the watch page) and the TV's floating reactions.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import { REACTION_KINDS, type ReactionKind } from "../net/wire";
import { S } from "../strings";
import { addFloats, addTotals, EMOJI, FLOAT_MS, TapLimit, type Float } from "./model";

/**
 * Six big buttons; a tap sends one reaction and floats it here at once (the
 * hub sends the counts to the TV only).  Taps past the limit are not sent;
 * the bar dims for a moment instead.
 */
export function ReactionBar({ conn }: { conn: Connection }) {
  const limit = useMemo(() => new TapLimit(), []);
  const [mine, setMine] = useState<Float[]>([]);
  const [resting, setResting] = useState(false);
  const ids = useRef(0);
  const tap = (kind: ReactionKind) => {
    if (!limit.take()) {
      setResting(true);
      setTimeout(() => setResting(false), 700);
      return;
    }
    if (!conn.react(kind)) return;
    const now = Date.now();
    setMine((floats) => addFloats(floats, { [kind]: 1 }, now, () => ++ids.current));
    setTimeout(() => setMine((floats) => floats.filter((f) => Date.now() - f.born < FLOAT_MS)), FLOAT_MS + 50);
  };
  return (
    <nav class={`reaction-bar ${resting ? "reaction-bar-resting" : ""}`} aria-label={S.reactionBar}>
      {REACTION_KINDS.map((kind) => (
        <button key={kind} type="button" class="reaction-btn" data-reaction={kind} aria-label={S.reactionNames[kind]} onClick={() => tap(kind)}>
          <span aria-hidden="true">{EMOJI[kind]}</span>
        </button>
      ))}
      <div class="reaction-mine" aria-hidden="true">
        {mine.map((f) => (
          <span key={f.id} class="reaction-float" style={{ "--lane": String(f.lane) }}>
            {EMOJI[f.kind]}
          </span>
        ))}
      </div>
    </nav>
  );
}

/** What the TV keeps of the audience's reactions: the bubbles in flight and the evening's totals. */
export interface ReactionFeed {
  floats: Float[];
  totals: Record<string, number>;
}

/**
 * The TV's reactions, kept from the connection's `reactions` frames: one
 * bubble per kind with its count (each floats for FLOAT_MS), and the totals.
 * Kept by the screen, so the tally can sit in the audience strip during a
 * game and in the corner otherwise, counting on across both.
 */
export function useReactionFeed(conn: Connection): ReactionFeed {
  const [floats, setFloats] = useState<Float[]>([]);
  const [totals, setTotals] = useState<Record<string, number>>({});
  const ids = useRef(0);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = conn.onReactions((counts) => {
      const now = Date.now();
      setFloats((current) => addFloats(current, counts, now, () => ++ids.current));
      setTotals((current) => addTotals(current, counts));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFloats((current) => current.filter((f) => Date.now() - f.born < FLOAT_MS));
      }, FLOAT_MS + 50);
      timers.add(timer);
    });
    return () => {
      off();
      timers.forEach(clearTimeout);
    };
  }, [conn]);
  return { floats, totals };
}

/** The evening's totals, one per kind sent so far; nothing before the first reaction. */
export function ReactionTally({ totals }: { totals: Record<string, number> }) {
  const kinds = REACTION_KINDS.filter((k) => totals[k]);
  if (!kinds.length) return null;
  return (
    <div class="reaction-tally" aria-hidden="true">
      {kinds.map((k) => (
        <span key={k} class="reaction-total" data-reaction={k}>
          {EMOJI[k]} {totals[k]}
        </span>
      ))}
    </div>
  );
}

/**
 * The TV: the bubbles float up the right edge, over the game but never taking
 * a click; with reduced motion they fade in place.  `tally`: the totals in the
 * bottom corner too (in a game with an audience strip the strip holds them).
 */
export function ReactionOverlay({ feed, tally = true }: { feed: ReactionFeed; tally?: boolean }) {
  return (
    <div class="reaction-overlay" aria-hidden="true">
      {feed.floats.map((f) => (
        <span key={f.id} class="reaction-float reaction-float-tv" data-reaction={f.kind} style={{ "--lane": String(f.lane) }}>
          <span class="reaction-emoji">{EMOJI[f.kind]}</span>
          {f.count > 1 && <span class="reaction-count">{S.reactionCount(f.count)}</span>}
        </span>
      ))}
      {tally && <ReactionTally totals={feed.totals} />}
    </div>
  );
}
