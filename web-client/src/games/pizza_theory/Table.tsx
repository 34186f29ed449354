// Pizza Theory on the TV: the pizza in the middle, a plate for each table
// position around it (who faces which sector, supply, has chosen a cut), and
// the reveal as a short sequence: skewers fall, slices light up, toppings are
// replaced, the pizza turns.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { LobbyPlayer, Notice } from "../../net/wire";
import { S } from "../../strings";
import { PlayerMark } from "../../ui/Shape";
import { bySeat } from "../../ui/players";
import { PresenceTags } from "../../ui/common";
import { botPlaysFor, isHuman } from "../../ui/presence";
import { BOT_MOVED_NOTICES } from "../../ui/notices";
import type { TableProps, View } from "../types";
import { Board } from "./Board";
import { FAMILIES, tableRotation, type Family } from "./geometry";
import { MOMENT_MS } from "../../ui/Moments";
import { W } from "./words";
import { boardBefore, boardPieces, looksByColour, placedKeys, removedPieces, revealCuts, revealSlices, sectorAt } from "./model";

type Stage = "idle" | "cuts" | "replace" | "turn";

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Keep a rotation moving forward (clockwise) the short way from the last one shown. */
export function unwrap(previous: number, target: number): number {
  let d = (((target - previous) % 360) + 360) % 360;
  if (d > 180) d -= 360;
  return previous + d;
}

/**
 * A reveal's steps, each with when it starts (ms after the cuts come in): the cuts on the pizza as it was
 * (the TV's "The cuts are revealed!" banner lies over its middle for MOMENT_MS, so they stay a while
 * after it has gone: the party audit saw them for about a second), the toppings replaced, the pizza
 * turned to the next round, then the next round as it is.  At the game's end the pizza does not turn and
 * the final board comes at once (the end panel beside it is the moment).  Reduced motion: the same
 * time to read the cuts, the rest quicker (nothing moves).
 */
export function revealSchedule(over: boolean, reduced: boolean): [Stage, number][] {
  if (over) return [["replace", 0], ["idle", reduced ? 1100 : 2200]];
  const cuts = MOMENT_MS + 1400;
  const replace = reduced ? 1100 : 2200;
  const turn = reduced ? 700 : 1400;
  return [["cuts", 0], ["replace", cuts], ["turn", cuts + replace], ["idle", cuts + replace + turn]];
}

/**
 * The reveal's step now, and while it shows the round just cut ("cuts", "replace") the view as it was when
 * the cuts came in: the next round goes on (a topping may be added in the meantime) while the TV still
 * shows the reveal, and every word on the TV then describes the reveal, not the round after it.
 */
function useReveal(game: View): { stage: Stage; frozen: View | null } {
  const round = game.last_round?.round ?? null;
  const seen = useRef<number | null>(round);
  const [shown, setShown] = useState<{ stage: Stage; frozen: View | null }>({ stage: "idle", frozen: null });
  // (before the paint: the new round's pizza is never drawn turned for a frame before the reveal)
  useLayoutEffect(() => {
    if (round === null || round === seen.current) return;
    seen.current = round;
    const snapshot = game;
    const show = (stage: Stage) => setShown({ stage, frozen: stage === "cuts" || stage === "replace" ? snapshot : null });
    const [first, ...rest] = revealSchedule(game.phase === "over", prefersReducedMotion());
    show(first[0]);
    const timers = rest.map(([stage, at]) => setTimeout(() => show(stage), at));
    return () => timers.forEach(clearTimeout);
  }, [round]);
  return shown;
}

/** The sector each colour faced in the round just revealed (its cut's family names it: sector i cuts with family i). */
export function revealSectors(game: View): Map<string, number> {
  const out = new Map<string, number>();
  for (const cut of (game.last_round?.cuts ?? []) as View[]) out.set(String(cut.colour), FAMILIES.indexOf(cut.family as Family));
  return out;
}

/** The board rotation that puts each sector in front of its table position (the phones use the same). */
export function boardRotation(game: View): number {
  return tableRotation(sectorAt(game, 0));
}

/**
 * A table position's plate.  `reveal`: the TV shows the round just revealed, so the plate says what was
 * true then (the sector faced that round, the toppings on the pizza as drawn), and nobody is acting.
 */
function Plate({
  game,
  position,
  players,
  reveal,
}: {
  game: View;
  position: number;
  players: LobbyPlayer[];
  reveal?: { sectors: Map<string, number>; pieces: { colour: string }[] } | null;
}) {
  const info = (game.seats ?? []).find((s: View) => s.seat === position) as View | undefined;
  const neutral = !info && game.neutral ? game.neutral : null;
  if (!info && !neutral) return null;
  const looks = looksByColour(game, players);
  const look = looks.get((info ?? neutral).colour)!;
  const person = info ? bySeat(players).get(position) : undefined;
  const name = info ? person?.name ?? S.seat(position) : S.pt_neutral;
  const acting = !reveal && info && (game.waiting ?? []).includes(position);
  const chosen = info && (game.chosen ?? []).includes(position);
  const data = info ?? neutral;
  const sector = reveal ? reveal.sectors.get(data.colour) : data.sector;
  const onPizza = reveal ? reveal.pieces.filter((p) => p.colour === data.colour).length : data.on_pizza;
  return (
    <div class={`plate plate-${position} ${acting ? "plate-acting" : ""}`} style={{ "--pc": look.colour }}>
      <div class="plate-name">
        <PlayerMark shape={look.shape} colour={look.colour} size={44} />
        <span class="plate-player" title={name}>
          {name}
        </span>
        {person && isHuman(person) && <PresenceTags player={person} />}
      </div>
      <div class="plate-facts">
        {sector !== null && sector !== undefined && sector >= 0 && <span class="plate-sector">{S.pt_faces(S.pt_sector(Number(sector)))}</span>}
        <span>{S.pt_onPizza(onPizza)}</span>
      </div>
      {!reveal && game.phase === "cut" && info && <div class={`plate-status ${chosen ? "done" : ""}`}>{chosen ? S.pt_cutChosen : S.pt_thinking}</div>}
      {game.phase === "add" && acting && <div class="plate-status">{S.pt_adding}</div>}
      {(game.phase === "neutral_roll" || game.phase === "neutral_place") && acting && <div class="plate-status">{S.pt_neutralTurn}</div>}
      {game.phase === "over" && (game.winners ?? []).includes(position) && <div class="plate-status">{S.pt_winnerMark}</div>}
    </div>
  );
}

/** Each cut family's colour this round: the player (or neutral) facing its sector. */
export function familyColours(game: View, players: LobbyPlayer[]): Map<string, string> {
  const looks = looksByColour(game, players);
  const out = new Map<string, string>();
  for (const s of [...(game.seats ?? []), ...(game.neutral ? [game.neutral] : [])] as View[]) {
    if (s.family) out.set(s.family, looks.get(s.colour)?.colour ?? "#999");
  }
  return out;
}

/**
 * The players a bot chose a cut for, as "round:player", as this screen saw the notices arrive (the party
 * audit: the reveal said "Cy cut on line 2" of the turn timer's cut).  A notice that comes while round r is
 * being cut, or with round r's reveal itself (the bot's cut was the last one), is about round r's cut; one
 * in the add phase is about a topping.  A screen opened after it cannot know, and judges by who plays the
 * seat now.
 */
export function useBotCuts(game: View, notices: readonly Notice[] | undefined): Set<string> {
  const mark = useRef<number | null>(null);
  const revealed = useRef<number | null>(null);
  const cuts = useRef<Set<string>>(new Set());
  const list = notices ?? [];
  const last = (game.last_round?.round ?? null) as number | null;
  const round = game.phase === "cut" ? game.round : last !== null && last !== revealed.current ? last : null;
  if (mark.current !== null && round !== null) {
    for (const n of list) if (n.n > mark.current && BOT_MOVED_NOTICES.has(n.kind)) cuts.current = new Set([...cuts.current, `${round}:${n.player}`]);
  }
  mark.current = list.reduce((m, x) => Math.max(m, x.n), mark.current ?? -1);
  revealed.current = last;
  return cuts.current;
}

export function PizzaTheoryTable({ game: live, players, lobby }: TableProps) {
  const { stage, frozen } = useReveal(live);
  const botCuts = useBotCuts(live, lobby?.notices);
  // (during the reveal, the view as the cuts came in: see useReveal)
  const game = frozen ?? live;
  const looks = looksByColour(game, players);
  const over = game.phase === "over";
  const revealing = stage === "cuts" || stage === "replace" || (over && game.last_round);
  // During the reveal the pizza keeps the previous round's orientation.
  const turnedSince = !over && game.last_round && game.round > game.last_round.round;
  const turning = (stage === "cuts" || stage === "replace") && turnedSince;
  const target = boardRotation(game) - (turning ? 120 : 0);
  const shown = useRef(target);
  shown.current = unwrap(shown.current, target);
  const pieces = stage === "cuts" ? boardBefore(game) : boardPieces(game);
  const neutralCut =
    game.neutral?.line && game.neutral?.family && !revealing
      ? [{ seat: null, colour: game.neutral.colour, family: game.neutral.family as Family, line: game.neutral.line }]
      : [];
  const positions = game.neutral ? 3 : (game.seats ?? []).length;
  const seats = bySeat(players);
  // The round just cut, on the pizza as it was (the party audit: the header already said "Round 2 · Bo
  // adding a topping…" and a plate "3rd this round" beside the board's "1st" while the cuts were shown).
  const showingLast = Boolean(turning);
  const reveal = showingLast ? { sectors: revealSectors(game), pieces } : null;
  return (
    <div class="pt-table">
      <div class="pt-left">
        <div class="pt-info" aria-live="polite">
          <p class="table-round">{S.pt_round(showingLast ? game.last_round.round : game.round, game.max_rounds)}</p>
          <p class="table-phase">{showingLast ? W().revealing : (S[`pt_phase_${game.phase}` as keyof typeof S] as string)}</p>
          {(game.order ?? []).length > 0 && !over && !showingLast && (
            <ol class="pt-order" aria-label={S.pt_order}>
              {(game.order as number[]).map((s) => {
                const look = looks.get(game.seats[s]?.colour);
                return (
                  <li key={s} class={game.turn === s ? "now" : ""} aria-current={game.turn === s ? "step" : undefined}>
                    {look && <PlayerMark shape={look.shape} colour={look.colour} size={26} />} {seats.get(s)?.name ?? S.seat(s)}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        <Plate game={game} position={0} players={players} reveal={reveal} />
        <div class="pt-reveal-slot">{revealing && game.last_round && <RevealSummary game={game} players={players} botCuts={botCuts} />}</div>
      </div>
      <div class="pt-board">
        <Board
          pieces={pieces}
          looks={looks}
          rotation={shown.current}
          familyColours={turning ? new Map(revealCuts(game).map((c) => [c.family, looks.get(c.colour)?.colour ?? "#999"])) : familyColours(game, players)}
          cuts={revealing ? revealCuts(game) : neutralCut}
          slices={revealing ? revealSlices(game) : []}
          fresh={stage === "replace" || over ? placedKeys(game) : undefined}
          ghosts={stage === "replace" ? removedPieces(game) : []}
          label={S.pt_boardLabel(game.round)}
          animate={!prefersReducedMotion()}
        />
      </div>
      <div class="pt-right">
        {Array.from({ length: positions }, (_, p) => p)
          .filter((p) => p > 0)
          .map((p) => (
            <Plate key={p} game={game} position={p} players={players} reveal={reveal} />
          ))}
      </div>
    </div>
  );
}

function RevealSummary({ game, players, botCuts }: { game: View; players: LobbyPlayer[]; botCuts: Set<string> }) {
  const looks = looksByColour(game, players);
  const seats = bySeat(players);
  const report = game.last_round;
  const nameOf = (colour: string) => {
    const l = looks.get(colour);
    return l?.seat === null || l?.seat === undefined ? S.pt_neutral : seats.get(l.seat)?.name ?? colour;
  };
  // a cut a bot chose for an absent (or removed, or handed) player is the bot's, not theirs (the party audit)
  const botCut = (colour: string) => {
    const seat = looks.get(colour)?.seat;
    const player = seat === null || seat === undefined ? undefined : seats.get(seat);
    return player !== undefined && (botPlaysFor(player) || botCuts.has(`${report.round}:${player.id}`));
  };
  return (
    <div class="reveal">
      <ul class="reveal-cuts">
        {(report.cuts as View[]).map((c) => {
          const look = looks.get(c.colour);
          return (
            <li key={c.family}>
              <PlayerMark shape={look?.shape ?? "circle"} colour={look?.colour ?? "#999"} size={30} />
              {botCut(c.colour) ? S.pt_botCutAt(nameOf(c.colour), c.line) : S.pt_cutAt(nameOf(c.colour), c.line)}
            </li>
          );
        })}
      </ul>
      <p>{S.pt_sliceCount(report.slices.length)}</p>
      {report.safe.length > 0 && <p>{S.pt_safe(report.safe.map(nameOf).join(", "))}</p>}
    </div>
  );
}

/** The final pizza on a phone at Game over (screens/PhoneTable.tsx): the whole board at the phone's width, no reveal. */
export function PizzaTheoryFinalBoard({ game, players }: { game: View; players: LobbyPlayer[] }) {
  const looks = looksByColour(game, players);
  return (
    <Board
      pieces={boardPieces(game)}
      looks={looks}
      rotation={boardRotation(game)}
      familyColours={familyColours(game, players)}
      cuts={game.last_round ? revealCuts(game) : []}
      fresh={placedKeys(game)}
      tight
      sectorNames={false}
      label={S.pt_boardLabel(game.round)}
      animate={false}
    />
  );
}
