// New York Slice on the TV: the ring of eleven slices with the Special in
// the middle (or the Slicer's portions once cut), who decides now, and every
// player's collected slices grouped by type with eaten counts and Specials.
import type { LobbyPlayer } from "../../net/wire";
import { S } from "../../strings";
import { PlayerChip } from "../../ui/common";
import { bySeat } from "../../ui/players";
import type { TableProps, View } from "../types";
import { deciding, groupTableau, portionLayout, type Slice } from "./model";
import { Ring, SpecialLine } from "./Ring";
import { SliceCard, SpecialCard, sliceName } from "./Slice";
import { W } from "./words";
import { rankSeats } from "../ranking";

export function decisionText(game: View, players: LobbyPlayer[]): string {
  const seat = deciding(game);
  const name = seat === null ? "" : bySeat(players).get(seat)?.name ?? S.seat(seat);
  const kind = String(game.decision?.kind ?? "");
  const fn = S.nys_decision[kind as keyof typeof S.nys_decision];
  return fn ? fn(name) : kind;
}

/**
 * The Slicer's portions.  On the chooser's phone `take` gives each portion
 * its own button (under its slices, so the choice is made on the portion
 * itself and six portions fit the phone with no separate list of buttons).
 */
/** A move a portion offers on the phone (Sneak-a-Slice): the slice that goes, where, its full name, the act. */
export interface PortionMove {
  slice: Slice | null;
  to: number;
  label: string;
  act: () => void;
}

/**
 * How small the slices' names under the TV's portions are drawn: the longer the longest word among them, the
 * smaller, all alike, so "Champiñones" keeps to its slice's width whole (a word is never broken).
 */
function nameSize(portions: View[]): string {
  const words = portions.flatMap((p) => ((p.slices ?? []) as Slice[]).flatMap((s) => sliceName(s).split(/[\s/]+/)));
  const longest = Math.max(0, ...words.map((word) => [...word].length));
  return longest >= 11 ? "nys-portion-names-xl" : longest >= 10 ? "nys-portion-names-l" : "";
}

/** Whether a portion is taken (by a listed player or by a seat whose player has left the room). */
function isTaken(p: View): boolean {
  return p.taken_by !== null && p.taken_by !== undefined;
}

/**
 * The portions on offer.  `take`: a "Take A" button under each portion the
 * phone may choose; `moves`: the Sneak-a-Slice moves under the portion each
 * moves a slice out of (the slice and "→ B"), so the board and the choice are
 * one picture rather than a list of twelve buttons above the board.
 *
 * `phone`: the portions still on the table come first, as cards; the ones
 * already taken (nothing left in them but whose they are) follow as one short
 * line each, "A" and the taker's name (cut with "…" where the phone is
 * narrow, whole for a screen reader), so the portions to choose from and their
 * buttons are the first screen of a 360x640 phone (the party audit).
 */
export function Portions({
  game,
  players,
  take,
  moves,
  busy = false,
  phone = false,
}: {
  game: View;
  players: LobbyPlayer[];
  take?: Map<number, () => void>;
  moves?: Map<number, PortionMove[]>;
  busy?: boolean;
  phone?: boolean;
}) {
  const seats = bySeat(players);
  const all = (game.portions ?? []) as View[];
  const cards = phone ? all.filter((p) => !isTaken(p)) : all;
  const taken = phone ? all.filter(isTaken) : [];
  const w = W();
  // the TV: one size for every slice, as large as the portions' share of the pizza's column allows
  const layout = phone
    ? null
    : portionLayout(all.map((p) => ({ slices: ((p.slices ?? []) as Slice[]).length, special: Boolean(p.special), taken: isTaken(p) })));
  return (
    <>
      <ol
        class={`nys-portions ${layout?.names ? `nys-portions-named ${nameSize(all)}` : ""}`}
        aria-label={S.nys_portions}
        style={layout ? { "--cols": layout.cols, "--nys-f": layout.scale } : undefined}
      >
        {cards.map((p) => {
          const taker = isTaken(p) ? seats.get(p.taken_by) : undefined;
          return (
            <li key={p.index} class={`nys-portion ${isTaken(p) ? "taken" : ""}`}>
              <span class="nys-portion-label">{S.nys_portionName(p.index)}</span>
              <div class="nys-portion-slices">
                {(p.slices as Slice[]).map((s) => (
                  <SliceCard key={s.id} slice={s} />
                ))}
                {p.special && <SpecialCard id={p.special} small />}
              </div>
              {taker && <PlayerChip player={taker} />}
              {isTaken(p) && !taker && <span class="chip nys-seat-chip">{S.seat(p.taken_by)}</span>}
              {(moves?.get(Number(p.index)) ?? []).length > 0 && (
                <div class="nys-portion-moves">
                  {moves!.get(Number(p.index))!.map((move, i) => (
                    <button key={i} class="btn nys-sneak-btn" disabled={busy} onClick={move.act} aria-label={move.label}>
                      <span class="nys-sneak-face" aria-hidden="true">
                        <SliceCard slice={move.slice} small short={false} />
                        <span class="nys-sneak-to">→ {S.nys_portionName(move.to)}</span>
                      </span>
                    </button>
                  ))}
                </div>
              )}
              {take?.has(Number(p.index)) && (
                <button class="btn btn-start nys-take" disabled={busy} onClick={take.get(Number(p.index))}>
                  {S.nys_takePortion(Number(p.index))}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {taken.length > 0 && (
        <ul class="nys-taken" aria-label={w.takenTitle}>
          {taken.map((p) => {
            const taker = seats.get(p.taken_by);
            const name = taker?.name ?? S.seat(p.taken_by);
            return (
              <li key={p.index} class="nys-taken-row">
                {/* said whole ("Portion B: Maximiliano Long took it"); drawn as "B", the mark and the name cut to the row */}
                <span class="sr-only">{w.takenBy(S.nys_portionName(p.index), name)}</span>
                <span class="nys-portion-label" aria-hidden="true">
                  {S.nys_portionName(p.index)}
                </span>
                <span class="nys-taken-who" aria-hidden="true">
                  {taker ? <PlayerChip player={taker} /> : <span class="chip">{name}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function Tableau({ entry, player, current }: { entry: View; player: LobbyPlayer | undefined; current: boolean }) {
  const groups = groupTableau(entry.collected as Slice[]);
  return (
    <li class={`nys-tableau ${current ? "current" : ""}`}>
      <div class="nys-tableau-head">
        {player ? <PlayerChip player={player} /> : <span>{S.seat(entry.seat)}</span>}
        <span class="nys-eaten">{S.nys_eatenCount(entry.eaten_count)}</span>
      </div>
      <div class="nys-groups">
        {groups.map((g) => (
          <span key={g.key} class="nys-group">
            <SliceCard slice={g.slices[0]} small title={`${sliceName(g.slices[0])} × ${g.count}`} />
            <span class="nys-times">×{g.count}</span>
          </span>
        ))}
        {groups.length === 0 && <span class="hint-text">{S.nys_nothingYet}</span>}
      </div>
      {(entry.specials as View[]).length > 0 && (
        <div class="nys-held">
          {(entry.specials as View[]).map((h, i) => (
            <span key={i} class={h.used ? "used" : ""}>
              <SpecialCard id={h.special} name={h.name} small />
            </span>
          ))}
        </div>
      )}
    </li>
  );
}

export function NewYorkSliceTable({ game, players }: TableProps) {
  const seats = bySeat(players);
  const current = deciding(game);
  const crowded = (game.table as View[]).length > 3;
  const ring = (game.ring ?? []).length > 0;
  const portions = !ring && (game.portions ?? []).length > 0 && !game.guest_check;
  return (
    <div class={`nys-table ${crowded ? "nys-table-crowded" : ""} ${ring ? "nys-table-ring" : ""} ${portions ? "nys-table-portions" : ""}`}>
      {/* who decides now, in a line across the top; under it the pizza (its ring or its portions) takes the
          TV's height, every tableau beside it */}
      <div class="nys-info" aria-live="polite">
        <p class="table-round">{S.nys_round(game.round, game.rounds)}</p>
        <p class="table-phase">{decisionText(game, players)}</p>
        <p class="hint-text">
          {S.nys_slicer(seats.get(game.slicer)?.name ?? "")} · {S.nys_stacksLeft((game.stacks ?? []).length)}
        </p>
      </div>
      <section class="nys-centre">
        {ring && <Ring ring={game.ring} special={game.special} line={false} />}
        {portions && <Portions game={game} players={players} />}
        {game.guest_check && <GuestCheck game={game} players={players} />}
      </section>
      <div class="nys-side">
        {/* Four or more players: two columns of smaller tableaus, so six fit a 720p TV without scrolling. */}
        <ul class={`nys-tableaus ${crowded ? "nys-tableaus-crowded" : ""}`} aria-label={S.nys_tableaus}>
          {(game.table as View[]).map((entry) => (
            <Tableau key={entry.seat} entry={entry} player={seats.get(entry.seat)} current={entry.seat === current} />
          ))}
        </ul>
        {/* what the Special in the middle of the ring does (beside the pizza: the ring takes the height) */}
        {ring && <SpecialLine special={game.special} />}
      </div>
    </div>
  );
}

export function GuestCheck({ game, players }: { game: View; players: LobbyPlayer[] }) {
  const seats = bySeat(players);
  const check = game.guest_check;
  return (
    <table class="guest-check">
      <caption>{S.nys_guestCheck}</caption>
      <thead>
        <tr>
          <th scope="col">{S.players}</th>
          <th scope="col">{S.nys_majorities}</th>
          <th scope="col">{S.nys_specialsLine}</th>
          <th scope="col">{S.nys_pepperoniLine}</th>
          <th scope="col">{S.nys_total}</th>
        </tr>
      </thead>
      <tbody>
        {/* best first (the hub lists them by seat): the winners, then by total */}
        {rankSeats(
          (check.rows as View[]).map((r) => Number(r.seat)),
          check.winners as number[],
          (seat) => Number((check.rows as View[]).find((r) => r.seat === seat)?.total),
        )
          .map((seat) => (check.rows as View[]).find((r) => r.seat === seat)!)
          .map((r) => (
          <tr key={r.seat} class={(check.winners as number[]).includes(r.seat) ? "winner-row" : ""}>
            <th scope="row">
              {/* a long name ends in "…" so the check's numbers all stay in sight */}
              <span class="gc-name" title={seats.get(r.seat)?.name ?? S.seat(r.seat)}>
                {seats.get(r.seat)?.name ?? S.seat(r.seat)}
              </span>
            </th>
            <td>{r.majorities}</td>
            <td>{r.specials}</td>
            <td>{r.pepperoni}</td>
            <td class="num">{r.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
