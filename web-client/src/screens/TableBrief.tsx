// The table on a phone that is not playing (a late joiner, a player sitting
// out, the watch page on a phone): the game's public facts as short text rows
// and small chips, one row per player, instead of the TV's table shrunk into a
// box.  It reads the same public view the TV's table reads.
import type { LobbyPlayer, OutcomeWire } from "../net/wire";
import { S } from "../strings";
import { uiFor } from "../games";
import type { View } from "../games/types";
import { PlayerChip } from "../ui/common";
import { bySeat } from "../ui/players";
import { decisionText } from "../games/new_york_slice/Table";
import { specialTitle } from "../games/new_york_slice/Slice";
import { deciding } from "../games/new_york_slice/model";
import { endReason, mixedNumber } from "../games/splittissimo/text";

interface Brief {
  /** Round, level: where the game is. */
  head: string;
  /** Whose turn, or what happens now. */
  now: string;
  /** A few more public facts, one short line each. */
  facts: string[];
  /** Per player, in seat order: small chips of what they have. */
  seats: { seat: number; current: boolean; chips: string[] }[];
}

function newYorkSlice(game: View, players: LobbyPlayer[], score: (seat: number) => string | null): Brief {
  const seats = bySeat(players);
  const current = deciding(game);
  return {
    head: S.nys_round(game.round, game.rounds),
    now: decisionText(game, players),
    facts: [`${S.nys_slicer(seats.get(game.slicer)?.name ?? "")} · ${S.nys_stacksLeft((game.stacks ?? []).length)}`],
    seats: ((game.table ?? []) as View[]).map((e) => ({
      seat: Number(e.seat),
      current: e.seat === current,
      chips: [
        S.nys_keptCount(((e.collected ?? []) as View[]).length),
        S.nys_eatenCount(Number(e.eaten_count ?? 0)),
        ...((e.specials ?? []) as View[]).filter((h) => !h.used).map((h) => specialTitle(String(h.special), h.name)),
        ...(game.guest_check ? [`${S.nys_total} ${score(Number(e.seat)) ?? ""}`] : []),
      ],
    })),
  };
}

function pizzaTheory(game: View, players: LobbyPlayer[]): Brief {
  const seats = bySeat(players);
  const waiting = (game.waiting ?? []) as number[];
  const chosen = (game.chosen ?? []) as number[];
  const names = waiting.map((s) => seats.get(s)?.name ?? S.seat(s));
  return {
    head: S.pt_round(game.round, game.max_rounds),
    now: (S[`pt_phase_${game.phase}` as keyof typeof S] as string | undefined) ?? String(game.phase),
    facts: names.length > 0 && game.phase !== "over" ? [S.waitingFor(names.join(", "))] : [],
    seats: ((game.seats ?? []) as View[]).map((info, i) => {
      const seat = Number(info.seat ?? i);
      const chips = [S.pt_onPizza(Number(info.on_pizza ?? 0))];
      if (info.sector !== null && info.sector !== undefined) chips.push(S.pt_faces(S.pt_sector(Number(info.sector))));
      if (game.phase === "cut") chips.push(chosen.includes(seat) ? S.pt_cutChosen : S.pt_thinking);
      if (game.phase === "over" && ((game.winners ?? []) as number[]).includes(seat)) chips.push(S.pt_winnerMark);
      return { seat, current: waiting.includes(seat) && game.phase !== "over", chips };
    }),
  };
}

function splittissimo(game: View, players: LobbyPlayer[], score: (seat: number) => string | null): Brief {
  const seats = bySeat(players);
  const over = game.phase === "over";
  const level = String(game.level);
  return {
    head: S.sp_level(S.sp_levelName[level] ?? level),
    now: over ? endReason(String(game.final?.reason ?? ""), level) : S.sp_turnOf(seats.get(game.active)?.name ?? ""),
    facts: [S.sp_deck(Number(game.deck_size ?? 0))],
    seats: ((game.seats ?? []) as View[]).map((s) => ({
      seat: Number(s.seat),
      current: !over && s.seat === game.active,
      chips: [
        S.sp_handCount(Number(s.hand_count ?? 0)),
        S.sp_delivered(over ? score(Number(s.seat)) ?? mixedNumber(s.delivered) : mixedNumber(s.delivered)),
        ...(s.passed && !over ? [S.sp_passed] : []),
      ],
    })),
  };
}

function briefOf(id: string, game: View, players: LobbyPlayer[], outcome: OutcomeWire | null): Brief | null {
  const ui = uiFor(id);
  const scores = ui.scores ? ui.scores(game, outcome) : [];
  const score = (seat: number) => scores[seat] ?? null;
  if (id === "new_york_slice") return newYorkSlice(game, players, score);
  if (id === "pizza_theory") return pizzaTheory(game, players);
  if (id === "splittissimo") return splittissimo(game, players, score);
  return null;
}

/** The public summary of the game on a phone; null for a game without one (the caller shows its table). */
export function TableBrief({
  gameId,
  game,
  players,
  outcome,
}: {
  gameId: string;
  game: View;
  players: LobbyPlayer[];
  outcome: OutcomeWire | null;
}) {
  const brief = briefOf(gameId, game, players, outcome);
  if (!brief) return null;
  const seats = bySeat(players);
  return (
    <section class="table-brief" aria-label={S.tableOnPhone}>
      <p class="brief-now" aria-live="polite">
        {brief.now}
      </p>
      <p class="brief-fact">{[brief.head, ...brief.facts].join(" · ")}</p>
      <ul class="brief-seats" aria-label={S.players}>
        {brief.seats.map((row) => {
          const player = seats.get(row.seat);
          return (
            // (a name of one long word, "WWWWWWWWWWWWWWWW", breaks anywhere rather than run past its column)
            <li key={row.seat} class={`brief-seat ${row.current ? "current" : ""} ${longWord(player?.name) ? "brief-long-word" : ""}`}>
              {player ? <PlayerChip player={player} /> : <span class="chip">{S.seat(row.seat)}</span>}
              <span class="brief-chips">
                {/* each fact wraps as one piece, its "·" at the end of a line, never starting the next */}
                {row.chips.map((chip, i) => (
                  <span key={i} class="brief-chip-text">
                    {i < row.chips.length - 1 ? `${chip} ·` : chip}
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Whether a name has a word too long for half a small phone's width (it then breaks anywhere). */
export function longWord(name: string | undefined): boolean {
  return (name ?? "").split(/\s+/).some((w) => [...w].length > 11);
}

/** Whether a game has a phone summary (else the TV's table is shown). */
export function hasBrief(gameId: string | null | undefined): boolean {
  return gameId === "new_york_slice" || gameId === "pizza_theory" || gameId === "splittissimo";
}
