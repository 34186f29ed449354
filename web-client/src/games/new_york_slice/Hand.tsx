// New York Slice on a phone: pick a stack, cut the ring into portions and
// place the Special when you are the Slicer, take a portion, then collect or
// eat each slice.  Specials that apply (Dibs!, Cut in Line, Sneak-a-Slice,
// Seconds) appear as buttons exactly when the hub lists them as legal.
import { useEffect, useState } from "preact/hooks";
import type { Command } from "../../net/wire";
import { S } from "../../strings";
import type { HandProps, View } from "../types";
import { findSlicing, groupTableau, plateChoices, portionsOf, sneakMove, type Slice } from "./model";
import { SliceCard, SpecialCard, sliceLabel, sliceName, sliceShort } from "./Slice";
import { Portions, type PortionMove } from "./Table";
import { W } from "./words";
import { awayKey, awayMoves, type AwayRules } from "../awayMoves";

function Slicer({ game, legal, act, busy }: { game: View; legal: Command[]; act: (c: Command) => void; busy: boolean }) {
  const ring = game.ring as Slice[];
  const players = Number(game.players);
  const [cuts, setCuts] = useState<number[]>([]);
  const [special, setSpecial] = useState<number | null>(null);
  const portions = portionsOf(ring.length, cuts);
  const command = findSlicing(legal, cuts, special);
  const need = special === null ? players - 1 : players;
  const portionOf = (pos: number) => portions.findIndex((p) => p.includes(pos));
  const toggle = (pos: number) => {
    const next = cuts.includes(pos) ? cuts.filter((c) => c !== pos) : [...cuts, pos].sort((a, b) => a - b);
    setCuts(next);
    if (special !== null && special >= portionsOf(ring.length, next).length) setSpecial(null);
  };
  return (
    <div class="nys-slicer">
      <p>{S.nys_sliceHint(players)}</p>
      {/* two columns, the ring read down the first then the second, so twelve slices fit a phone */}
      <ol class="nys-cut-list" style={{ "--rows": Math.ceil(ring.length / 2) }}>
        {ring.map((s, pos) => {
          const portion = portionOf(pos);
          return (
            <li key={s.id} class={`nys-cut-row portion-${portion % 6}`}>
              <button
                class={`nys-scissors ${cuts.includes(pos) ? "on" : ""}`}
                aria-pressed={cuts.includes(pos)}
                aria-label={S.nys_cutBefore(pos + 1)}
                onClick={() => toggle(pos)}
              >
                ✂
              </button>
              <span class="nys-portion-tag" aria-hidden="true">
                {portion >= 0 ? S.nys_portionName(portion) : ""}
              </span>
              {/* the picture is not spoken (the name after it says the slice once); its kind in a word beside it */}
              <SliceCard slice={s} small decorative short={false} />
              <span class="nys-cut-short" aria-hidden="true">
                {sliceShort(s)}
              </span>
              {/* spoken in full (the picture shows the number, the pepperoni and a short name; the TV's ring names it) */}
              <span class="nys-cut-name sr-only">{sliceLabel(s)}</span>
            </li>
          );
        })}
      </ol>
      {game.special && (
        <fieldset class="nys-special-place">
          <legend>
            <SpecialCard id={game.special} small /> {S.nys_specialGoes}
          </legend>
          <div class="segmented wrap">
            <label class={`seg ${special === null ? "seg-on" : ""}`}>
              <input type="radio" name="special" checked={special === null} onChange={() => setSpecial(null)} />
              <span>{S.nys_specialAlone}</span>
            </label>
            {portions.map((_, i) => (
              <label key={i} class={`seg ${special === i ? "seg-on" : ""}`}>
                <input type="radio" name="special" checked={special === i} onChange={() => setSpecial(i)} />
                <span>{S.nys_withPortion(i)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {/* Kept in view at the bottom of the phone: the Slicer never scrolls to serve. */}
      <div class="nys-slicer-bar">
        <p class={`nys-count ${portions.length === need ? "ok" : ""}`}>{S.nys_portionCount(portions.length + (special === null ? 1 : 0), players)}</p>
        <button class="btn btn-start" disabled={!command || busy} onClick={() => command && act(command)}>
          {S.nys_serve}
        </button>
      </div>
    </div>
  );
}

function PlateItems({ game, legal, act, busy }: { game: View; legal: Command[]; act: (c: Command) => void; busy: boolean }) {
  const items = plateChoices(game, legal);
  return (
    <ul class="nys-plate">
      {items.map((item) => (
        <li key={item.sliceId} class="nys-plate-item">
          <SliceCard slice={item.slice} />
          <div class="nys-plate-text">
            <strong>{item.slice ? sliceName(item.slice) : S.nys_mystery}</strong>
            {item.offered && <span class="hint-text">{S.nys_offered}</span>}
          </div>
          <div class="nys-plate-buttons">
            {item.collect.map((c, i) => (
              <button key={i} class="btn" disabled={busy} onClick={() => act(c)}>
                {c.attach !== null && c.attach !== undefined ? S.nys_collectAs(Number(c.attach)) : item.offered ? S.nys_keep : S.nys_collect}
              </button>
            ))}
            {item.eat && (
              <button class="btn btn-eat" disabled={busy} onClick={() => act(item.eat!)}>
                {S.nys_eat}
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * How small the slices' names on the Dibs! buttons (half a phone wide each) are drawn: the longer the
 * longest word among them, the smaller, all alike, so "Champiñones" or "Pepperoni" wrap between words
 * (or not at all), never in the middle of one.
 */
function dibsNameSize(names: string[]): string {
  const longest = Math.max(0, ...names.flatMap((name) => name.split(/\s+/).map((word) => word.length)));
  return longest >= 10 ? "nys-names-xl" : longest >= 8 ? "nys-names-l" : "";
}

/** The Sneak-a-Slice moves offered, by the portion each takes a slice from (in the order offered). */
function sneakMoves(game: View, offered: Command[], act: (c: Command) => void): Map<number, PortionMove[]> {
  const byPortion = new Map<number, PortionMove[]>();
  for (const c of offered) {
    const move = sneakMove(game, Number(c.portion), Boolean(c.clockwise));
    const list = byPortion.get(move.from) ?? [];
    list.push({ slice: move.slice, to: move.to, label: S.nys_sneakMove(move.from, Boolean(c.clockwise), move.to), act: () => act(c) });
    byPortion.set(move.from, list);
  }
  return byPortion;
}

/** The slices this seat had eaten as the phone last saw them, and those a bot ate for it since (awayMoves). */
type EatenSeen = { eaten: number[] };
type BotAte = { ids: number[] };

export const EATEN_RULES: AwayRules<EatenSeen, BotAte> = {
  // (nothing remembered, a phone that took the seat over: which were the bot's cannot be told, so every
  // slice eaten so far is "unsure", and the phone says them eaten for the seat, claimed for nobody)
  found: (before, after, earlier) => {
    if (!before) return after.eaten.length ? { ids: [...after.eaten] } : null;
    const ids = [...new Set([...(earlier?.ids ?? []), ...after.eaten.filter((id) => !before.eaten.includes(id))])];
    return ids.length ? { ids } : null;
  },
  keep: (away, now) => {
    const ids = away.ids.filter((id) => now.eaten.includes(id));
    return ids.length ? { ids } : null;
  },
};

export function NewYorkSliceHand({ game, lobby, legal, send, seat, players }: HandProps) {
  const [busy, setBusy] = useState(false);
  useEffect(() => setBusy(false), [game.moves]);
  const act = (cmd: Command) => {
    setBusy(true);
    send(cmd).catch(() => setBusy(false));
  };
  const kind = String(game.decision?.kind ?? "");
  const has = (type: string) => legal.filter((c) => c.type === type);
  const me = ((game.table ?? []) as View[]).find((t) => t.seat === seat);
  // the slices a bot ate for this seat (its player away, or out of time): never "You ate" them alone
  const player = players.find((p) => p.seat === seat) ?? null;
  const eaten = (game.my_eaten ?? []) as Slice[];
  const away = awayMoves(awayKey("new_york_slice", player), { eaten: eaten.map((s) => s.id) }, lobby.notices, player?.id ?? null, EATEN_RULES);
  const botAte =
    away && away.why !== "unsure" ? { slices: eaten.filter((s) => away.what.ids.includes(s.id)), why: away.why } : null;
  return (
    <section class="nys-hand" aria-label={S.game_new_york_slice}>
      {has("ChooseStack").length > 0 && (
        <div class="action-bar">
          <p>{S.nys_pickStack}</p>
          <div class="row center">
            {has("ChooseStack").map((c) => (
              <button key={String(c.stack)} class="btn btn-start" disabled={busy} onClick={() => act(c)}>
                {S.nys_stack(Number(c.stack))}
              </button>
            ))}
          </div>
        </div>
      )}
      {kind === "dibs" && legal.length > 0 && (
        <div class="action-bar">
          <p>{S.nys_dibsHint}</p>
          <div
            class={`nys-choice-list nys-dibs-list ${dibsNameSize(
              has("CallDibs").map((c) => {
                const s = (game.ring as Slice[]).find((x) => x.id === c.slice);
                return s ? sliceName(s) : S.nys_hiddenSlice;
              }),
            )}`}
          >
            {has("CallDibs").map((c) => {
              const s = (game.ring as Slice[]).find((x) => x.id === c.slice) ?? null;
              return (
                <button key={String(c.slice)} class="btn nys-slice-btn" disabled={busy} onClick={() => act(c)} aria-label={sliceLabel(s)}>
                  <span class="nys-slice-face" aria-hidden="true">
                    <SliceCard slice={s} small short={false} /> <span class="nys-dibs-name">{s ? sliceName(s) : S.nys_hiddenSlice}</span>
                  </span>
                </button>
              );
            })}
          </div>
          <button class="btn btn-quiet" disabled={busy} onClick={() => act({ type: "DeclineDibs" })}>
            {S.nys_noThanks}
          </button>
        </div>
      )}
      {has("SliceRing").length > 0 && <Slicer game={game} legal={legal} act={act} busy={busy} />}
      {has("CutInLine").length > 0 && (
        <div class="action-bar">
          <p>{S.nys_cutInLineHint}</p>
          <button class="btn btn-start" disabled={busy} onClick={() => act({ type: "CutInLine" })}>
            {S.nys_cutInLine}
          </button>
          <button class="btn btn-quiet" disabled={busy} onClick={() => act({ type: "DeclineCutInLine" })}>
            {S.nys_noThanks}
          </button>
        </div>
      )}
      {has("DeclineSneak").length > 0 && (
        <div class="action-bar nys-sneak">
          <p>{S.nys_sneakHint}</p>
          {/* each move under the portion it takes a slice from: the slice that moves and "→ B" */}
          <Portions game={game} players={players} busy={busy} moves={sneakMoves(game, has("SneakSlice"), act)} phone />
          <button class="btn btn-quiet" disabled={busy} onClick={() => act({ type: "DeclineSneak" })}>
            {S.nys_noThanks}
          </button>
        </div>
      )}
      {(game.portions ?? []).length > 0 &&
        (game.ring ?? []).length === 0 &&
        !has("DeclineSneak").length &&
        !(kind === "plate" && legal.length > 0) &&
        !has("ChoosePortion").length && <Portions game={game} players={players} phone />}
      {has("ChoosePortion").length > 0 && (
        <div class="nys-choose">
          <p>{S.nys_choosePortion}</p>
          <Portions game={game} players={players} busy={busy} take={new Map(has("ChoosePortion").map((c) => [Number(c.portion), () => act(c)]))} phone />
        </div>
      )}
      {kind === "plate" && legal.length > 0 && <PlateItems game={game} legal={legal} act={act} busy={busy} />}
      {has("FinishSeconds").length > 0 && (
        <div class="action-bar">
          <p>{S.nys_secondsHint}</p>
          {has("EatSeconds").map((c) => {
            const s = ((me?.collected ?? []) as Slice[]).find((x) => x.id === c.slice) ?? null;
            return (
              <button key={String(c.slice)} class="btn nys-slice-btn nys-seconds-btn" disabled={busy} onClick={() => act(c)}>
                <SliceCard slice={s} small decorative short={false} /> {S.nys_eatThis(sliceLabel(s))}
              </button>
            );
          })}
          <button class="btn btn-start" disabled={busy} onClick={() => act({ type: "FinishSeconds" })}>
            {S.nys_done}
          </button>
        </div>
      )}
      {(game.ring ?? []).length > 0 && !has("SliceRing").length && kind !== "dibs" && (
        <div class="nys-ring-small" aria-label={S.nys_ring}>
          {(game.ring as Slice[]).map((s) => (
            <SliceCard key={s.id} slice={s} small />
          ))}
          {game.special && <SpecialCard id={game.special} small />}
        </div>
      )}
      {/* while this phone decides, it shows only the decision (the TV and "No TV" show every table) */}
      {me && legal.length === 0 && (
        <div class="nys-mine">
          <h3>{S.nys_yourSlices}</h3>
          <div class="nys-groups">
            {groupTableau(me.collected as Slice[]).map((g) => (
              <span key={g.key} class="nys-group">
                <SliceCard slice={g.slices[0]} small title={`${sliceName(g.slices[0])} × ${g.count}`} />
                <span class="nys-times">×{g.count}</span>
              </span>
            ))}
          </div>
          <p class="hint-text">
            {/* a phone that took the seat over cannot tell who ate them: neutral words, never "You ate" */}
            {(away?.why === "unsure" ? W().seatAte : S.nys_youAte)(eaten.length, eaten.reduce((n, s) => n + s.pepperoni, 0))}
          </p>
          {botAte && <p class="hint-text nys-bot-ate">{W().botAte(botAte.slices.length, botAte.slices.reduce((n, s) => n + s.pepperoni, 0), botAte.why)}</p>}
          {(me.specials as View[]).length > 0 && (
            <div class="nys-held">
              {(me.specials as View[]).map((h, i) => (
                <span key={i} class={h.used ? "used" : ""}>
                  <SpecialCard id={h.special} name={h.name} />
                </span>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
