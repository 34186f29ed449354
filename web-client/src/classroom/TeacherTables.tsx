// One table on the teacher's own view: who plays, whose turn, every figure,
// why it needs help (in words, only while true), the suggested dots for its
// next game with one tap to apply, and its controls.  Nothing here carries
// meaning by a symbol or colour alone: every mark has its word.
import type { DashboardTable, LevelSuggestion } from "./api";
import { S } from "../strings";
import { C } from "./strings";
import { T } from "./strings.teacher";
import { helpLines } from "./help";

export const LEVELS = ["easy", "standard", "advanced"];

/** A level's word in the language in use (the app's option words), the id itself as a fallback. */
export function levelText(level: string): string {
  return S.optionChoice[level] ?? level;
}

/** Dots as words: "1, 2 dots" style, from the catalogue. */
export function dotsText(dots: readonly number[]): string {
  return T.dotsWord([...dots]);
}

/** The hub's words in the language in use (English when it wrote none in this one). */
export function said(text: Partial<Record<string, string>> | undefined): string {
  if (!text) return "";
  return text[S.lang] ?? text.en ?? "";
}

export function TableCard({
  table,
  suggestion,
  readOnly,
  onRestart,
  onLevel,
  onApplyDots,
}: {
  table: DashboardTable;
  suggestion: LevelSuggestion | undefined;
  readOnly: boolean;
  onRestart: () => void;
  onLevel: (level: string) => void;
  onApplyDots: () => void;
}) {
  const help = helpLines(table.help);
  // Apply is offered until the next game's dots are the suggested ones
  const pending = suggestion ? String(suggestion.next ?? suggestion.dots) !== String(suggestion.suggested) : false;
  const players = table.players ?? [];
  const playing = table.phase === "playing";
  return (
    <article class={`class-table ${help.length ? "class-table-help" : ""}`} aria-label={C.table(table.number)} data-table={table.number}>
      <header>
        <h2>{C.table(table.number)}</h2>
        <span class="class-table-phase">{T.phase[table.phase] ?? table.phase}</span>
      </header>
      {help.length > 0 && (
        <div class="class-help" role="status" data-help={table.number}>
          <p class="class-help-title">{T.needsHelp}</p>
          <ul>{help.map((line) => <li>{line}</li>)}</ul>
        </div>
      )}
      {players.length > 0 && (
        <table class="class-players">
          <thead>
            <tr>
              <th scope="col">{T.colPlayer}</th>
              <th scope="col">{T.colHand}</th>
              <th scope="col">{T.colDelivered}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => {
              const turn = playing && p.name === table.active;
              const state = p.removed ? T.removedSeat : p.stand_in ? T.standIn : !p.connected ? T.awayWord : p.bot ? T.botWord : null;
              return (
                <tr class={`${turn ? "class-active" : ""} ${p.connected ? "" : "class-away"}`} data-player={p.name}>
                  <th scope="row">
                    <span class="class-player-name">{p.name}</span>
                    {turn && <span class="class-tag class-tag-turn"><span class="class-turn-mark" aria-hidden="true" />{T.turnWord}</span>}
                    {state && <span class="class-state">{state}</span>}
                  </th>
                  <td>{table.cards_left?.[p.name] ?? ""}</td>
                  <td>{table.delivered?.[p.name] ?? ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p class="class-tricks">{C.tricks(table.tricks ?? 0)}</p>
      {table.last_trick && <p class="class-last">{C.lastTrick}: <strong>{table.last_trick}</strong></p>}
      {suggestion && (
        <div class="class-suggest" data-suggest={table.number}>
          <p>
            <strong>{T.suggested}:</strong> {dotsText(suggestion.suggested)}
            {suggestion.change !== "same" && <span class="class-suggest-now"> ({T.dotsNow(dotsText(suggestion.dots))})</span>}
          </p>
          {said(suggestion.text) && <p class="class-suggest-why">{said(suggestion.text)}</p>}
          {!readOnly && suggestion.change !== "same" && (pending ? (
            <button class="btn btn-small btn-start" onClick={onApplyDots}>{T.applySuggestion}</button>
          ) : (
            <p class="class-applied" role="status">{T.applied}</p>
          ))}
        </div>
      )}
      {!readOnly && (
        <footer>
          <button class="btn btn-small" onClick={onRestart}>{C.restart}</button>
          <a class="btn btn-small" href={`/watch/${table.code}`} target="_blank" rel="noopener">{C.openLarge}</a>
          <select class="input input-small" aria-label={C.applyTable} value={String(table.options.level ?? "")}
            onChange={(e) => onLevel((e.target as HTMLSelectElement).value)}>
            {LEVELS.map((l) => <option value={l}>{levelText(l)}</option>)}
          </select>
        </footer>
      )}
    </article>
  );
}
