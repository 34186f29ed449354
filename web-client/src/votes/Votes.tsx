// Audience votes: the TV's panel (the question and the audience's tally, then
// the answer) and the watch page's card (tap a guess).  The hub sends the
// `votes` frames (docs/protocol.md "Audience votes"); these only draw them.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Connection, RequestError } from "../net/connection";
import type { StateFrame, VotesFrame } from "../net/wire";
import { S, errorText } from "../strings";
import { PlayerMark } from "../ui/Shape";
import { seatedRoster } from "../ui/players";
import { applyVotes, EMPTY_BOARD, optionLooks, tvShows, questionText, rightCount, shares, type OptionLook, type VoteBoard } from "./model";
import "./votes.css";

/**
 * The screen's vote board, kept from the connection's `votes` frames.  Each welcome starts it
 * empty again: a screen that was offline may have missed a vote's `closed` and `clear` (the game
 * stopped meanwhile, say), and the hub sends a new socket the vote that is open or showing its
 * result, if any, after the welcome, so nothing of an earlier socket's board is true any more.
 */
export function useVoteBoard(conn: Connection, onFrame?: (frame: VotesFrame) => void): VoteBoard {
  const [board, setBoard] = useState<VoteBoard>(EMPTY_BOARD);
  const hook = useRef(onFrame);
  hook.current = onFrame;
  useEffect(() => {
    const welcomes = conn.onWelcome(() => setBoard(EMPTY_BOARD));
    const votes = conn.onVotes((frame) => {
      setBoard((current) => applyVotes(current, frame));
      hook.current?.(frame);
    });
    return () => {
      welcomes();
      votes();
    };
  }, [conn]);
  return board;
}

/** An option's badge: a player's mark, or (an option that is no player) its letter on a neutral tile. */
function OptionBadge({ look, size }: { look: OptionLook; size: number }) {
  // (the letter is drawn by the style sheet, from data-letter: the option's words stay "Portion A" alone)
  if (look.letter !== undefined) return <span class="vote-letter" data-letter={look.letter} aria-hidden="true" />;
  return <PlayerMark shape={look.shape} colour={look.colour} size={size} />;
}

/** A tick drawn in SVG (no emoji font needed): marks the right answer. */
function Tick() {
  return (
    <svg class="vote-tick" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 13 L10 19 L20 6" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

function Bars({ frame, looks, mine }: { frame: VotesFrame; looks: OptionLook[]; mine?: string | null }) {
  const pct = shares(frame);
  const right = new Set(frame.answer ?? []);
  return (
    <ol class="vote-bars">
      {looks.map((look) => (
        <li
          key={look.key}
          class={`vote-bar ${right.has(look.key) ? "vote-bar-right" : ""} ${mine === look.key ? "vote-bar-mine" : ""}`}
          data-option={look.key}
        >
          <OptionBadge look={look} size={30} />
          <span class="vote-bar-label">{look.label}</span>
          {right.has(look.key) && <Tick />}
          <span class="vote-bar-track" aria-hidden="true">
            <span class="vote-bar-fill" style={{ width: `${pct[look.key]}%`, background: look.colour }} />
          </span>
          <span class="vote-bar-count">{frame.counts[look.key] ?? 0}</span>
        </li>
      ))}
    </ol>
  );
}

function answerText(frame: VotesFrame, looks: OptionLook[]): string {
  const names = (frame.answer ?? []).map((key) => looks.find((l) => l.key === key)?.label ?? key);
  return `${S.voteAnswer}: ${names.join(" / ")}`;
}

/**
 * The TV's audience strip, along the foot of the table during a game: while a
 * vote is open, its question and the running tally (sent a couple of times a
 * second at most); when it closes, the final tally; then the answer with how
 * many guessed right, until the hub clears it.  A new vote may open while a
 * result still shows: the result shrinks to its answer line beside the new
 * question.  Between votes the strip says who is watching and how to join in,
 * so the table does not jump each time a vote opens.  `tally`: the reactions'
 * totals, at the strip's end.  Drawn only while `hasAudience` holds (TvScreen
 * decides): never in the lobby or at Game over.
 */
export function TvVotePanel({ board, state, tally }: { board: VoteBoard; state: StateFrame; tally?: ComponentChildren }) {
  const { current, result } = tvShows(board);
  const players = seatedRoster(state.lobby);
  const game = state.game;
  const shown = current ?? result;
  return (
    <aside class="vote-panel vote-panel-tv vote-strip" aria-label={S.voteAudience} aria-live="polite">
      {shown === null && (
        <section class="vote-card vote-idle" data-status="idle">
          <p class="vote-kicker">{S.audienceTitle}</p>
          <p class="vote-question vote-idle-text">
            {S.spectators(state.lobby.spectators)} · {S.audienceIdle}
          </p>
        </section>
      )}
      {result && (
        // while the next vote is already open, the last one's result is only its answer line
        <section class={`vote-card vote-result ${current ? "vote-result-brief" : ""}`} data-q={result.q} data-status="result">
          <div class="vote-words">
            {/* the question it answers, small: the answer is the news */}
            {!current && <p class="vote-kicker vote-asked">{questionText(result, players)}</p>}
            <p class="vote-answer">{answerText(result, optionLooks(result, players, game))}</p>
            <p class="vote-foot">{S.voteRight(rightCount(result), result.total)}</p>
          </div>
          {!current && (
            <div class="vote-tally">
              <Bars frame={result} looks={optionLooks(result, players, game)} />
            </div>
          )}
        </section>
      )}
      {current && (
        <section class="vote-card" data-q={current.q} data-status={current.status}>
          <div class="vote-words">
            <p class="vote-kicker">{current.status === "open" ? S.voteAudience : S.voteClosed}</p>
            <h2 class="vote-question">{questionText(current, players)}</h2>
            <p class="vote-foot">
              <span class="vote-total">{S.voteCount(current.total)}</span>
              {current.status === "open" && <span class="vote-howto"> · {S.voteHowTo}</span>}
            </p>
          </div>
          <div class="vote-tally">
            <Bars frame={current} looks={optionLooks(current, players, game)} />
          </div>
        </section>
      )}
      {tally}
    </aside>
  );
}

/** The watch page's picks, by room and vote, kept across a reload of the page. */
function pickKey(room: string, q: number): string {
  return `vote:${room}:${q}`;
}

/** The watch page's votes: the board, this page's guesses, and a way to guess. */
export interface WatchVotes {
  board: VoteBoard;
  stored: (q: number) => string | null;
  choose: (q: number, pick: string) => void;
  error: string | null;
}

/**
 * The watch page's votes, kept by the page (the card may move between the
 * page's flow on a phone and the table's audience strip on a big screen
 * without losing them).  A reconnect shows the vote again, and the guess is
 * sent again on the new socket (a closed socket's vote no longer counts).
 */
export function useWatchVotes(conn: Connection, room: string): WatchVotes {
  const [picks, setPicks] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const stored = (q: number): string | null => picks[q] ?? sessionStorage.getItem(pickKey(room, q));
  const send = (q: number, pick: string) => {
    conn.vote(q, pick).then(
      () => setError(null),
      (e: RequestError) => setError(errorText(e.code, e.params)),
    );
  };
  const board = useVoteBoard(conn, (frame) => {
    // a vote shown again (after a reconnect): send the guess again on this socket
    if (frame.status === "open") {
      const pick = sessionStorage.getItem(pickKey(room, frame.q));
      if (pick !== null) send(frame.q, pick);
    }
  });
  const choose = (q: number, pick: string) => {
    setPicks((current) => ({ ...current, [q]: pick }));
    try {
      sessionStorage.setItem(pickKey(room, q), pick);
    } catch {
      // private mode: the pick is kept in memory only
    }
    send(q, pick);
  };
  return { board, stored, choose, error };
}

/**
 * The watch page: the open vote's options as big buttons; a tap votes (another
 * tap changes the guess).  Once closed, the final tally; then the answer and
 * whether the guess was right.  `strip`: drawn in the table's audience strip
 * (a big screen), where it stays between votes so the table holds still, with
 * `extra` (the reaction bar) at its end.
 */
export function WatchVoteCard({
  votes,
  state,
  strip,
  extra,
}: {
  votes: WatchVotes;
  state: StateFrame;
  strip?: boolean;
  extra?: ComponentChildren;
}) {
  const { board, stored, choose, error } = votes;
  const current = board.current;
  const result = board.result;
  if (state.outcome || (!current && !result && !strip)) return null;
  const players = seatedRoster(state.lobby);
  const game = state.game;
  return (
    <aside class={`vote-panel vote-panel-watch ${strip ? "vote-strip" : ""}`} aria-label={S.voteAudience}>
      {!current && !result && (
        <section class="vote-card vote-idle" data-status="idle">
          <p class="vote-kicker">{S.audienceTitle}</p>
          <p class="vote-question vote-idle-text">{S.audienceIdleWatch}</p>
        </section>
      )}
      {current && current.status === "open" && (
        <section class="vote-card" data-q={current.q} data-status="open">
          <div class="vote-words">
            <h2 class="vote-question">{questionText(current, players)}</h2>
            <p class="vote-kicker">{S.voteTapToGuess}</p>
          </div>
          <div class="vote-options" role="group" aria-label={questionText(current, players)}>
            {optionLooks(current, players, game).map((look) => (
              <button
                key={look.key}
                type="button"
                class={`vote-option ${stored(current.q) === look.key ? "vote-option-mine" : ""}`}
                data-option={look.key}
                aria-pressed={stored(current.q) === look.key}
                onClick={() => choose(current.q, look.key)}
              >
                <OptionBadge look={look} size={28} />
                <span>{look.label}</span>
              </button>
            ))}
          </div>
          {error && <p class="vote-error" role="alert">{error}</p>}
        </section>
      )}
      {current && current.status === "closed" && (
        <section class="vote-card" data-q={current.q} data-status="closed">
          <div class="vote-words">
            <p class="vote-kicker">{S.voteClosed}</p>
            <h2 class="vote-question">{questionText(current, players)}</h2>
          </div>
          <Bars frame={current} looks={optionLooks(current, players, game)} mine={stored(current.q)} />
        </section>
      )}
      {result && !(current && current.status === "open") && (
        <section class="vote-card vote-result" data-q={result.q} data-status="result">
          <div class="vote-words">
            <h2 class="vote-question">{answerText(result, optionLooks(result, players, game))}</h2>
            {stored(result.q) !== null && (
              <p class={`vote-verdict ${(result.answer ?? []).includes(stored(result.q)!) ? "vote-verdict-right" : ""}`}>
                {(result.answer ?? []).includes(stored(result.q)!) ? S.voteYouRight : S.voteYouWrong}
              </p>
            )}
          </div>
          <p class="vote-foot">{S.voteRight(rightCount(result), result.total)}</p>
        </section>
      )}
      {extra}
    </aside>
  );
}
