// The shared table on a phone in a room with no TV (issue: phones only).  The
// TV's table squeezed into a zoomed inner box shows a quarter of itself on a
// phone, so a phone gets a phone layout in the page's flow instead: during the
// game every player's status as a short list (TableBrief), and at Game over
// the final board and the whole score table, readable at 360 px wide.
// Splittissimo's table has its own phone layout (games/splittissimo/styles.css)
// and is kept; a wide screen (a tablet) keeps the TV's table.
import type { StateFrame } from "../net/wire";
import { S } from "../strings";
import { uiFor } from "../games";
import { TableBrief, hasBrief } from "./TableBrief";
import { ScoreTable } from "./EndPanel";
import { GuestCheck, Tableau } from "../games/new_york_slice/Table";
import { PizzaTheoryFinalBoard } from "../games/pizza_theory/Table";
import { bySeat, seatedRoster } from "../ui/players";
import type { View } from "../games/types";

/** Whether this game's table has a phone layout of its own here (else the game's table, as it is). */
export function hasPhoneTable(gameId: string | null | undefined): boolean {
  return hasBrief(gameId) && gameId !== "splittissimo";
}

/** In play: the public facts and every player's status, one short row each. */
export function PhoneTable({ state }: { state: StateFrame }) {
  const game = state.lobby.game!;
  return (
    <section class="phone-table phone-table-flow" aria-label={S.tableOnPhone}>
      <TableBrief gameId={game} game={state.game!} players={seatedRoster(state.lobby)} outcome={state.outcome} />
    </section>
  );
}

/** Game over: the whole score table, then the final board, in the page's flow. */
export function PhoneFinal({ state }: { state: StateFrame }) {
  const id = state.lobby.game;
  const game = state.game;
  const players = seatedRoster(state.lobby);
  const ui = uiFor(id);
  const seats = bySeat(players);
  return (
    <section class="phone-final" aria-label={S.finalTable}>
      {id === "new_york_slice" && game?.guest_check ? (
        <GuestCheck game={game} players={players} />
      ) : (
        <ScoreTable state={state} />
      )}
      {game && id === "pizza_theory" && (
        <div class="phone-final-board">
          <PizzaTheoryFinalBoard game={game} players={players} />
        </div>
      )}
      {game && id === "new_york_slice" && (
        <ul class="nys-tableaus phone-final-tableaus" aria-label={S.nys_tableaus}>
          {(game.table as View[]).map((entry) => (
            <Tableau key={entry.seat} entry={entry} player={seats.get(entry.seat)} current={false} />
          ))}
        </ul>
      )}
      {game && !hasPhoneTable(id) && (
        <div class="phone-table phone-final-table">
          <ui.Table game={game} lobby={state.lobby} players={players} outcome={state.outcome} />
        </div>
      )}
    </section>
  );
}
