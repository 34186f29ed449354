// Who won, the scores, and (for the TV) play again or change game.
import type { StateFrame } from "../net/wire";
import { S } from "../strings";
import { uiFor } from "../games";
import { PlayerChip, listNames } from "../ui/common";
import { bySeat, seatedRoster } from "../ui/players";
import type { HostActions } from "./Lobby";
import { startsNextText } from "../ui/authority";
import { rankSeats, scoreNumber } from "../games/ranking";

export function formatScore(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "string") return String(value);
  if (typeof value === "object" && "total" in (value as object)) return String((value as { total: unknown }).total);
  return JSON.stringify(value);
}

/** `replaying`: a replay's last step, where nobody starts a next game (no "Waiting for the TV" line). */
export function EndPanel({ state, host, replaying }: { state: StateFrame; host: HostActions | null; replaying?: boolean }) {
  const outcome = state.outcome!;
  const seats = bySeat(seatedRoster(state.lobby));
  const names = outcome.winners.map((s) => seats.get(s)?.name ?? S.seat(s));
  const headline = names.length === 0 ? S.nobodyWins : names.length === 1 ? S.winner(names[0]) : S.winners(listNames(names));
  const ui = uiFor(state.lobby.game);
  // The hub's `summary` is English for logs; each game writes its end line from the view.
  const summary = state.game && ui.summary ? ui.summary(state.game, outcome, seatedRoster(state.lobby)) : null;
  return (
    <section class="end-panel" role="dialog" aria-modal="false" aria-labelledby="end-title">
      {/* the TV's focus at the end: Play again, or (nothing to press here) this heading */}
      <h2 id="end-title" tabIndex={-1} data-main={host ? undefined : true}>
        {S.gameOver}
      </h2>
      <p class="end-headline">{headline}</p>
      {summary && <p class="end-summary">{summary}</p>}
      <ScoreTable state={state} />
      {!host && !replaying && <p class="hint-text end-next">{startsNextText(state.lobby)}</p>}
      {host && (
        <div class="row">
          <button class="btn btn-start" data-main onClick={() => host.op("play_again", {}, () => host.op("start"))}>
            {S.playAgain}
          </button>
          <button class="btn" onClick={() => host.op("play_again")}>
            {S.changeGame}
          </button>
        </div>
      )}
    </section>
  );
}

/** Every player's score, best first, the winners starred (the end panel's, and a phone's at Game over). */
export function ScoreTable({ state }: { state: StateFrame }) {
  const outcome = state.outcome!;
  const seats = bySeat(seatedRoster(state.lobby));
  const ui = uiFor(state.lobby.game);
  const custom = state.game && ui.scores ? ui.scores(state.game, outcome) : null;
  const order = rankSeats(
    [...seats.keys()].sort((a, b) => a - b),
    outcome.winners,
    (seat) => scoreNumber(outcome.scores?.[seat]) ?? scoreNumber(custom?.[seat]),
  );
  return (
<table class="scores">
      <thead>
        <tr>
          <th scope="col">{S.players}</th>
          <th scope="col">{S.score}</th>
        </tr>
      </thead>
      <tbody>
        {order.map((seat) => (
          <tr key={seat} class={outcome.winners.includes(seat) ? "winner-row" : ""}>
            <td class="score-who-cell">
              {/* (the name shortens with "…"; the tags, the star and the score always show) */}
              <div class="score-who">
                <PlayerChip player={seats.get(seat)!} />
                {outcome.winners.includes(seat) && <span class="crown" aria-label={S.winnerMark}>★</span>}
              </div>
            </td>
            <td class="num">{custom?.[seat] ?? formatScore(outcome.scores?.[seat])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
