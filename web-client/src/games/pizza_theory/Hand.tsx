// Pizza Theory on a phone: the pizza turned so your sector faces you, your
// legal spaces to tap (then confirm), a die to turn to a cut with the line
// previewed on the pizza, and the neutral die with two players.
import { useEffect, useRef, useState } from "preact/hooks";
import { S } from "../../strings";
import { PlayerMark } from "../../ui/Shape";
import type { HandProps } from "../types";
import { Board } from "./Board";
import { key, tableRotation, type Cube, type Family } from "./geometry";
import { boardPieces, cutChoices, looksByColour, mySeatInfo, sectorAt, tappable } from "./model";
import { boardSummary, spaceNames } from "./spoken";
import { W } from "./words";
import { awayKey, awayMoves, type AwayRules } from "../awayMoves";
import { groupStep } from "../../ui/spatial";
import { focusOn } from "../../ui/focus";

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export function DieFace({ n, colour }: { n: number; colour: string }) {
  return (
    <svg viewBox="-1.6 -1.6 3.2 3.2" class="die" aria-hidden="true">
      <rect x={-1.5} y={-1.5} width={3} height={3} rx={0.5} fill={colour} stroke="#1b0f0a" stroke-width={0.08} />
      {PIPS[n].map(([x, y], i) => (
        <circle key={i} cx={x * 0.8} cy={y * 0.8} r={0.3} fill="#1b0f0a" />
      ))}
    </svg>
  );
}

/** This seat's cut as the phone last saw it, and a cut a bot chose (awayMoves). */
type CutSeen = { round: number; cut: number | null };
type BotCut = { round: number; line: number };

export const CUT_RULES: AwayRules<CutSeen, BotCut> = {
  // a cut in that the phone had not seen chosen (the round before, or no cut yet): not this phone's choice
  found: (before, after) =>
    after.cut === null || (before && before.round === after.round && before.cut === after.cut) ? null : { round: after.round, line: after.cut },
  keep: (away, now) => (now.round === away.round && now.cut === away.line ? away : null),
};

export function PizzaTheoryHand({ game, lobby, players, seat, legal, send }: HandProps) {
  const looks = looksByColour(game, players);
  const me = mySeatInfo(game, seat);
  const myLook = me ? looks.get(me.colour) : undefined;
  const spaces = tappable(legal);
  const boardBox = useRef<HTMLDivElement>(null);
  const dice = useRef<HTMLDivElement>(null);
  useBoardInSight(boardBox, spaces.size > 0);
  const cuts = cutChoices(legal);
  const [selected, setSelected] = useState<string | null>(null);
  const [die, setDie] = useState<number | null>(null);
  const dieKey = (e: KeyboardEvent, at: number) => {
    const items = [...(dice.current?.querySelectorAll<HTMLElement>("[role=radio]") ?? [])];
    const to = groupStep(e, items, at);
    if (to === null) return;
    e.preventDefault();
    setDie(cuts[to]);
    focusOn(items[to]);
  };
  const [busy, setBusy] = useState(false);
  useEffect(() => setSelected(null), [game.phase, game.turn, game.round]);
  useEffect(() => setDie(null), [game.round]);
  // The pizza as the TV shows it (geometry.tableRotation): the same turn, the same line numbers.
  const rotation = tableRotation(sectorAt(game, 0));
  const family = (me?.family ?? null) as Family | null;
  const act = (cmd: HandProps["legal"][number]) => {
    setBusy(true);
    send(cmd)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const neutralCut =
    game.neutral?.line && game.neutral?.family ? [{ seat: null, colour: game.neutral.colour, family: game.neutral.family as Family, line: game.neutral.line }] : [];
  const placingNeutral = legal.some((c) => c.type === "PlaceNeutralTopping");
  // whether this seat's cut is a bot's (chosen while its player was away, or when time ran out)
  const player = players.find((p) => p.seat === seat) ?? null;
  const bot = awayMoves(
    awayKey("pizza_theory", player),
    { round: Number(game.round), cut: game.phase === "cut" && game.your_cut ? Number(game.your_cut) : null },
    lobby.notices,
    player?.id ?? null,
    CUT_RULES,
  );
  return (
    <section class={`pt-hand ${spaces.size ? "pt-placing" : ""}`} aria-label={S.game_pizza_theory}>
      {me && myLook && (
        <p class="pt-me">
          <PlayerMark shape={myLook.shape} colour={myLook.colour} size={32} />
          <span>{S.pt_supply(me.supply)}</span>
          {me.sector !== null && me.sector !== undefined && <span class="pill">{S.pt_faces(S.pt_sector(Number(me.sector)))}</span>}
        </p>
      )}
      {/* The board keeps spaces a finger can tap (at least 32 px, 44 where the phone is wide enough): on a
          short phone the page scrolls rather than the board shrinking; at a large zoom it scrolls sideways
          inside this box, never the page. */}
      <div class="pt-board-scroll" ref={boardBox}>
        <Board
          pieces={boardPieces(game)}
          looks={looks}
          rotation={rotation}
          tight
          sectorNames={false}
          families={family ? [family] : []}
          familyColours={family && myLook ? new Map([[family, myLook.colour]]) : undefined}
          cuts={neutralCut}
          preview={die && family && myLook ? { family, line: die, colour: myLook.colour } : null}
          tappable={spaces.size ? new Set(spaces.keys()) : undefined}
          selected={selected}
          onTap={(c: Cube) => setSelected(key(c))}
          label={S.pt_boardLabel(game.round)}
          spaceName={spaceNames(game, players)}
          describedBy="pt-board-summary"
        />
      </div>
      <p id="pt-board-summary" class="sr-only">
        {boardSummary(game, players)}
      </p>
      {spaces.size > 0 && (
        <div class="action-bar">
          <p>{placingNeutral ? S.pt_placeNeutral : S.pt_placeHint}</p>
          <button class="btn btn-start" disabled={!selected || busy} onClick={() => selected && act(spaces.get(selected)!)}>
            {placingNeutral ? S.pt_placeNeutralHere : S.pt_placeHere}
          </button>
        </div>
      )}
      {legal.some((c) => c.type === "RollNeutralDie") && (
        <div class="action-bar">
          <p>{S.pt_rollHint}</p>
          <button class="btn btn-start" disabled={busy} onClick={() => act({ type: "RollNeutralDie" })}>
            {S.pt_roll}
          </button>
        </div>
      )}
      {cuts.length > 0 && myLook && (
        <div class="action-bar">
          <p id="die-hint">{S.pt_cutHint}</p>
          {/* a radio group: one Tab stop (the die turned, else the first), the arrows turn the die (the a11y audit) */}
          <div class="die-row" role="radiogroup" aria-labelledby="die-hint" ref={dice}>
            {cuts.map((n, i) => (
              <button
                key={n}
                role="radio"
                aria-checked={die === n}
                aria-label={S.pt_cutLine(n)}
                class={`die-btn ${die === n ? "die-on" : ""}`}
                tabIndex={n === (die ?? cuts[0]) ? 0 : -1}
                onClick={() => setDie(n)}
                onKeyDown={(e) => dieKey(e, i)}
              >
                <DieFace n={n} colour={die === n ? myLook.colour : "#fff8ec"} />
              </button>
            ))}
          </div>
          <button class="btn btn-start" disabled={!die || busy} onClick={() => die && act({ type: "ChooseCut", line: die })}>
            {die ? S.pt_lockCut(die) : S.pt_pickCut}
          </button>
        </div>
      )}
      {game.phase === "cut" && game.your_cut && (
        <p class={`pt-chosen ${bot ? "pt-chosen-bot" : ""}`}>
          {!bot ? S.pt_yourCut(game.your_cut) : bot.why === "unsure" ? W().cutIs(game.your_cut) : W().botCut(game.your_cut, bot.why)}
        </p>
      )}
    </section>
  );
}

/**
 * When a topping is to be placed, the whole board in sight above the confirm bar (the a11y audit: on a
 * 320x568 phone the sticky bar covered 19 of the 25 glowing spaces until the player thought to scroll).
 * The page scrolls once, at the turn's start, by what the bar covers, and never past the board's top.
 */
function useBoardInSight(box: { current: HTMLDivElement | null }, placing: boolean): void {
  useEffect(() => {
    const board = box.current;
    const bar = board?.parentElement?.querySelector(".action-bar");
    if (!placing || !board || !bar || typeof window.scrollBy !== "function") return;
    const covered = board.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
    const room = board.getBoundingClientRect().top - 8;
    if (covered > 1 && room > 0) window.scrollBy({ top: Math.min(covered, room) });
  }, [placing]);
}
