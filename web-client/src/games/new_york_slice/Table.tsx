// New York Slice on the TV: the ring of eleven slices with the Special in
// the middle (or the Slicer's portions once cut), who decides now, and every
// player's collected slices grouped by type with eaten counts and Specials.
import type { LobbyPlayer } from "../../net/wire";
import { S } from "../../strings";
import { PlayerChip } from "../../ui/common";
import { bySeat } from "../../ui/players";
import type { TableProps, View } from "../types";
import { deciding, groupTableau, type Slice } from "./model";
import { Ring } from "./Ring";
import { SliceCard, SpecialCard, sliceName } from "./Slice";

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
 * The portions on offer.  `take`: a "Take A" button under each portion the
 * phone may choose; `moves`: the Sneak-a-Slice moves under the portion each
 * moves a slice out of (the slice and "→ B"), so the board and the choice are
 * one picture rather than a list of twelve buttons above the board.
 */
export function Portions({
  game,
  players,
  take,
  moves,
  busy = false,
}: {
  game: View;
  players: LobbyPlayer[];
  take?: Map<number, () => void>;
  moves?: Map<number, PortionMove[]>;
  busy?: boolean;
}) {
  const seats = bySeat(players);
  return (
    <ol class="nys-portions" aria-label={S.nys_portions}>
      {(game.portions as View[]).map((p) => {
        const taker = p.taken_by === null || p.taken_by === undefined ? null : seats.get(p.taken_by);
        return (
          <li key={p.index} class={`nys-portion ${taker ? "taken" : ""}`}>
            <span class="nys-portion-label">{S.nys_portionName(p.index)}</span>
            <div class="nys-portion-slices">
              {(p.slices as Slice[]).map((s) => (
                <SliceCard key={s.id} slice={s} />
              ))}
              {p.special && <SpecialCard id={p.special} small />}
            </div>
            {taker && <PlayerChip player={taker} />}
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
  return (
    <div class={`nys-table ${(game.table as View[]).length > 3 ? "nys-table-crowded" : ""}`}>
      <section class="nys-centre">
        <div class="nys-info" aria-live="polite">
          <p class="table-round">{S.nys_round(game.round, game.rounds)}</p>
          <p class="table-phase">{decisionText(game, players)}</p>
          <p class="hint-text">
            {S.nys_slicer(seats.get(game.slicer)?.name ?? "")} · {S.nys_stacksLeft((game.stacks ?? []).length)}
          </p>
        </div>
        {(game.ring ?? []).length > 0 && <Ring ring={game.ring} special={game.special} />}
        {(game.ring ?? []).length === 0 && (game.portions ?? []).length > 0 && !game.guest_check && <Portions game={game} players={players} />}
        {game.guest_check && <GuestCheck game={game} players={players} />}
      </section>
      {/* Four or more players: two columns of smaller tableaus, so six fit a 720p TV without scrolling. */}
      <ul class={`nys-tableaus ${(game.table as View[]).length > 3 ? "nys-tableaus-crowded" : ""}`} aria-label={S.nys_tableaus}>
        {(game.table as View[]).map((entry) => (
          <Tableau key={entry.seat} entry={entry} player={seats.get(entry.seat)} current={entry.seat === current} />
        ))}
      </ul>
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
        {(check.rows as View[]).map((r) => (
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
