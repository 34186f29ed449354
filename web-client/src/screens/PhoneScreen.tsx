// The phone: join with a code and a name, then the private hand.  A stored
// seat token for the room skips the form, so a reload lands back in the seat.
import { TableBrief, hasBrief } from "./TableBrief";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { useSession } from "../session";
import { S, errorText } from "../strings";
import { StatusBanner, PlayerChip, listNames, BotPlaysLine } from "../ui/common";
import { normaliseCode, watchUrl } from "../route";
import { TokenStore } from "../net/tokens";
import { RequestError, type Connection, type Identity } from "../net/connection";
import type { Command, StateFrame } from "../net/wire";
import { uiFor } from "../games";
import type { View } from "../games/types";
import { bySeat, RosterContext, seatedRoster } from "../ui/players";
import { formatScore } from "./EndPanel";
import { useTurnBuzz, useWakeLock } from "./hooks";

/** The hub's limit on a player's name (server/lobby.py), so the field never accepts more than the room will. */
export const NAME_MAX = 16;

/** Whether a typed name is over the limit as the hub counts it (spaces collapsed): it is refused, never cut. */
export function tooLong(typed: string): boolean {
  return [...typed.trim().split(/\s+/).join(" ").normalize("NFC")].length > NAME_MAX;
}
import { RoomEnded, Toast, useToast } from "./TvScreen";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import type { HostActions } from "./Lobby";
import { PhoneHostPanel, ShareRoom } from "./PhoneHost";
import { Countdown, useCountdown } from "./Countdown";
import { ReactionBar } from "../reactions/Reactions";
import { HostMenu, StuckOffer } from "./HostMenu";
import { NoticeStack } from "../ui/Notices";
import { authorityOf, authorityText, hostPlayer, isHostPhone, startsNextText } from "../ui/authority";
import { SeatElsewhere, SeatMoved, seatMovedAway } from "./SeatMoved";
import { PhoneFinal, PhoneTable, hasPhoneTable } from "./PhoneTable";
import { useWide } from "../ui/useWide";
import { useJoinInfo } from "./joinInfo";
import { useModalFocus } from "../ui/focus";
import { turnInstruction } from "./turnWords";

/** The length of a reclaim code (server/tokens.py): six letters of the room code alphabet. */
export const RECLAIM_LENGTH = 6;

export function JoinForm({
  code,
  name,
  error,
  onJoin,
  onReclaim,
  onOpen,
  reclaim = null,
}: {
  code: string | null;
  name: string;
  error: string | null;
  /**
   * The host's code this phone last tried (its seat was refused): the form opens on "I had a seat" with
   * the code typed and selected beside the error, to fix or type again (party audit: it went back to the
   * name form, the code gone).
   */
  reclaim?: string | null;
  onJoin: (code: string, name: string) => void;
  onReclaim?: (code: string, reclaim: string) => void;
  /** No TV: open a room on this phone with the typed name (offered on the start page, not on a room's link). */
  onOpen?: (name: string) => void;
}) {
  const [codeText, setCode] = useState(code ?? "");
  const [nameText, setName] = useState(name);
  const [reclaimText, setReclaim] = useState(reclaim ?? "");
  // "I had a seat": a lost phone's player types the code the host's TV shows instead of a name.
  const [reclaiming, setReclaiming] = useState(reclaim !== null);
  const reclaimField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // back from a refused code: the field ready to type over (or to fix a letter), the error in sight below it
    if (reclaim !== null && error) {
      reclaimField.current?.focus();
      reclaimField.current?.select();
      reclaimField.current?.form?.querySelector(".form-error")?.scrollIntoView?.({ block: "nearest" });
    }
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  // the hub's error from the last try, until the player switches between name and "I had a seat"
  const [errorSeen, setErrorSeen] = useState(false);
  useEffect(() => setErrorSeen(false), [error]);
  const shownError = problem ?? (errorSeen ? null : error);
  const submit = (e: Event) => {
    e.preventDefault();
    const c = normaliseCode(codeText);
    if (!c) return setProblem(S.codeInvalid);
    if (reclaiming) {
      const r = reclaimText.replace(/[\s-]/g, "").toUpperCase();
      if (r.length !== RECLAIM_LENGTH) return setProblem(S.reclaimInvalid);
      return onReclaim?.(c, r);
    }
    if (!nameText.trim()) return setProblem(S.nameMissing);
    if (tooLong(nameText)) return setProblem(S.errorParams["room/bad_name"]({ reason: "too_long", max: NAME_MAX }));
    onJoin(c, nameText.trim());
  };
  const open = () => {
    if (!nameText.trim()) return setProblem(S.nameMissing);
    if (tooLong(nameText)) return setProblem(S.errorParams["room/bad_name"]({ reason: "too_long", max: NAME_MAX }));
    onOpen?.(nameText.trim());
  };
  return (
    <main class="join">
      <h1>{S.appName}</h1>
      <p class="tagline">{S.tagline}</p>
      <form onSubmit={submit} class="join-form" aria-labelledby="join-form-title">
        <h2 id="join-form-title">{S.joinTitle}</h2>
        <label for="code">{S.codeLabel}</label>
        <input
          id="code"
          name="code"
          class="input input-code"
          value={codeText}
          maxLength={4}
          autoCapitalize="characters"
          autoComplete="off"
          spellcheck={false}
          inputMode="text"
          onInput={(e) => setCode((e.target as HTMLInputElement).value.toUpperCase())}
        />
        {reclaiming ? (
          <>
            <label for="reclaim">{S.reclaimLabel}</label>
            <input
              id="reclaim"
              name="reclaim"
              ref={reclaimField}
              class="input input-code"
              value={reclaimText}
              maxLength={RECLAIM_LENGTH + 2}
              autoCapitalize="characters"
              autoComplete="off"
              spellcheck={false}
              aria-describedby="reclaim-help"
              onInput={(e) => setReclaim((e.target as HTMLInputElement).value.toUpperCase())}
            />
            <p id="reclaim-help" class="hint-text">
              {S.reclaimHelp}
            </p>
          </>
        ) : (
          <>
            <label for="name">{S.nameLabel}</label>
            <input
              id="name"
              name="name"
              class="input"
              value={nameText}
              autoComplete="nickname"
              placeholder={S.namePlaceholder}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </>
        )}
        {shownError && (
          <p class="form-error" role="alert">
            {shownError}
          </p>
        )}
        <button class="btn btn-start" type="submit">
          {reclaiming ? S.reclaimJoin : S.join}
        </button>
        {onReclaim && (
          <button
            type="button"
            class="btn btn-quiet btn-link"
            aria-pressed={reclaiming}
            onClick={() => {
              // (the room code typed stays: a returning player needs it for the host's code too)
              setReclaiming(!reclaiming);
              setProblem(null);
              setErrorSeen(true);
            }}
          >
            {reclaiming ? S.reclaimBack : S.reclaimLink}
          </button>
        )}
      </form>
      {onOpen && (
        <section class="no-tv-start" aria-labelledby="no-tv-title">
          <h2 id="no-tv-title">{S.noTvTitle}</h2>
          <p class="hint-text">{S.noTvHelp}</p>
          <button class="btn" type="button" onClick={open}>
            {S.startOnPhone}
          </button>
        </section>
      )}
      <LanguageSwitch />
    </main>
  );
}

function RulesDialog({ gameId, onClose, game, options }: { gameId: string; onClose: () => void; game?: View | null; options?: Record<string, unknown> }) {
  const ui = uiFor(gameId);
  // focused when it opens, Tab kept inside, focus back on "Rules" when it closes
  const ref = useModalFocus<HTMLDivElement>();
  return (
    <div class="dialog-backdrop">
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="rules-title" tabIndex={-1} ref={ref}>
        <h2 id="rules-title">
          {S.rules}: {S[`game_${gameId}` as keyof typeof S] as string}
        </h2>
        <div class="rules">
          <ui.Help game={game ?? null} options={options ?? {}} />
        </div>
        <button class="btn" onClick={onClose}>
          {S.closeRules}
        </button>
      </div>
    </div>
  );
}

/** "Your turn", or who the game waits for. */
export function turnPrompt(state: StateFrame): { mine: boolean; text: string } | null {
  if (!state.game || state.outcome) return null;
  const legal = state.legal ?? [];
  const seats = bySeat(seatedRoster(state.lobby));
  const ui = uiFor(state.lobby.game);
  if (ui.prompt) return ui.prompt(state.game, legal, state.you.seat ?? null, (s) => seats.get(s)?.name ?? S.seat(s));
  if (legal.length > 0) return { mine: true, text: S.yourTurn };
  const waiting = ui.waitingOn(state.game).filter((s) => s !== state.you.seat);
  if (waiting.length === 0) return { mine: false, text: S.waitingForOthers };
  return { mine: false, text: S.waitingFor(listNames(waiting.map((s) => seats.get(s)?.name ?? S.seat(s)))) };
}

/** Whether this phone shows the table above its hand (no TV: phones only), remembered per phone. */
function useTableShown(forced: boolean): [boolean, () => void] {
  const [shown, setShown] = useState(() => forced || localStorage.getItem("pizzanight:phone-table") === "1");
  const toggle = () => {
    const next = !shown;
    setShown(next);
    try {
      localStorage.setItem("pizzanight:phone-table", next ? "1" : "0");
    } catch {
      // private windows: the choice lasts this page only
    }
  };
  return [forced || shown, toggle];
}

export { isHostPhone };

function Seated({
  state,
  send,
  hint,
  hostActions,
  phoneOnly,
  react,
  classCode,
  paused = false,
}: {
  state: StateFrame;
  send: (c: Command, opts?: { quiet?: boolean }) => Promise<void>;
  hint: () => Promise<unknown>;
  hostActions?: HostActions;
  phoneOnly?: boolean;
  /** A class table's phone shows the class code (what the student typed), not the table's room code. */
  classCode?: string;
  /** Where reactions go; the bar is shown while it is not this phone's turn (the turn's buttons need the room). */
  react?: Connection;
  /** A class's teacher paused the class: the hand waits, its buttons off, and the prompt says so. */
  paused?: boolean;
}) {
  const [help, setHelp] = useState(false);
  // A room opened from a phone has no TV at all: every phone shows the table, no toggle.
  phoneOnly = phoneOnly || Boolean(state.lobby.no_tv);
  const [tableShown, toggleTable] = useTableShown(phoneOnly);
  const tvGone = useTvGone(state, phoneOnly);
  const me = state.lobby.players.find((p) => p.id === state.you.player) ?? null;
  const turn = turnPrompt(state);
  // paused on one's own turn: no "Your turn" with buttons that only answer "wait" (the class audit)
  const prompt = paused && turn?.mine ? { mine: false, text: S.pausedYourTurn } : turn;
  const mine = Boolean(prompt?.mine);
  const instruction = mine ? turnInstruction(state) : null;
  const seconds = useCountdown(state);
  useTurnBuzz(mine);
  useWakeLock(Boolean(state.game) && !state.outcome);
  const ui = uiFor(state.lobby.game);
  const seat = state.you.seat ?? null;
  // a phone with no seat in the game that runs (joined late, sitting out): the public table until the next game
  const late = Boolean(state.game) && seat === null && !state.outcome;
  const hosting = Boolean(hostActions) && isHostPhone(state);
  const host = hostPlayer(state.lobby);
  // a phone, not a tablet: the table's phone layout (a tablet has room for the TV's table)
  const phoneLayout = !useWide();
  return (
    // data-version: the room version on screen (tests wait on it, never on a clock)
    <main class="phone-main" data-version={state.version}>
      <header class="phone-header">
        {me && <PlayerChip player={me} />}
        <span class="phone-code">{classCode ?? state.room}</span>
        {hosting && <HostMenu lobby={state.lobby} host={hostActions!} where="phone" me={state.you.player ?? null} finished={Boolean(state.outcome)} />}
        {state.game && !phoneOnly && (
          <button class="btn btn-quiet btn-small" aria-pressed={tableShown} onClick={toggleTable}>
            {S.noTv}
          </button>
        )}
        {state.lobby.game && (
          <button class="btn btn-quiet btn-small rules-btn" aria-label={S.rules} onClick={() => setHelp(true)}>
            {/* a short narrow phone shows "?" alone (styles.css), so the header keeps to one line */}
            <span class="rules-words">{S.rules}</span>
            <span class="rules-mark" aria-hidden="true">
              ?
            </span>
          </button>
        )}
        <LanguageSwitch compact />
      </header>
      {/* the room's announcements, just under the header (never over it: its Host menu included); they
          stay in sight at the top of the window while the page is scrolled down (styles.css) */}
      <NoticeStack lobby={state.lobby} me={state.you.player ?? null} variant="phone" />
      {/* (the host phone's lobby says "You are the host" in its own heading: not twice) */}
      {!(hosting && !state.game) && (
        <p class={`authority-line ${hosting ? "authority-you" : ""}`}>{authorityText(state.lobby, "phone", state.you.player ?? null)}</p>
      )}
      {tvGone && !tableShown && (
        <div class="bot-note tv-gone" role="status">
          <span>{S.tvGone}</span>
          <button class="btn btn-small" onClick={toggleTable}>
            {S.showTableHere}
          </button>
          {hosting && <AnotherScreen code={state.room} />}
        </div>
      )}
      {state.game && tableShown && !state.outcome && (
        // The table's public part comes from this seat's own view: a phone is never sent anything else.
        // A phone (not a tablet) reads a phone layout of it in the page's flow, never the TV's table in a box.
        phoneLayout && hasPhoneTable(state.lobby.game) ? (
          <PhoneTable state={state} />
        ) : (
          <section class="phone-table" aria-label={S.tableOnPhone} tabIndex={0}>
            <ui.Table game={state.game} lobby={state.lobby} players={seatedRoster(state.lobby)} outcome={state.outcome} />
          </section>
        )
      )}
      {state.game && tableShown && state.outcome && !phoneLayout && (
        <section class="phone-table" aria-label={S.tableOnPhone} tabIndex={0}>
          <ui.Table game={state.game} lobby={state.lobby} players={seatedRoster(state.lobby)} outcome={state.outcome} />
        </section>
      )}
      {prompt && !(late && hasBrief(state.lobby.game)) && (
        // (a late joiner's table says who acts and on what, "Ana may Sneak a Slice": no "Waiting for Ana" above it)
        <p class={`prompt ${prompt.mine ? "prompt-mine" : ""}`} role="status" aria-live="polite">
          {prompt.text}
          {/* what to do now, said with "Your turn" (the hand below shows the same sentence) */}
          {instruction && <span class="sr-only">{`${/[.!?:…]$/.test(prompt.text) ? "" : "."} ${instruction}`}</span>}
        </p>
      )}
      {mine && seconds !== null && <Countdown seconds={seconds} urgent />}
      {state.game && !state.outcome && me?.bot != null && (
        <p class="bot-note" role="status">
          {hosting
            ? S.botPlaysForYouHost
            : authorityOf(state.lobby).kind === "class"
              ? S.botPlaysForYouTeacher
              : host
                ? S.botPlaysForYouBy(host.name)
                : S.botPlaysForYou}
        </p>
      )}
      {state.game && !state.outcome && (
        <BotPlaysLine
          players={state.lobby.players}
          exclude={state.you.player ?? null}
          standIns={state.lobby.stand_ins !== false}
          dropped={state.you.seat != null}
        />
      )}
      {hosting && <StuckOffer lobby={state.lobby} host={hostActions!} />}
      {!state.game && hosting && <PhoneHostPanel lobby={state.lobby} host={hostActions!} room={state.room} me={state.you.player ?? null} />}
      {!state.game && !hosting && (
        <section class="phone-wait">
          {/* the host's sit-out carries over from game to game until the host lets them play: no promise of a turn */}
          {me?.sitting_out ? (
            <>
              <p class="sitting-out-note">{S.sittingOutLobby}</p>
              <p class="hint-text">{S.sittingOutLobbyHelp}</p>
            </>
          ) : (
            <p>{S.waitingToStart}</p>
          )}
          {state.lobby.game && <p class="hint-text">{S[`game_${state.lobby.game}` as keyof typeof S] as string}</p>}
          {/* who is in, so anyone can see who is missing; with no TV, the room's code and QR on every
              phone, so a latecomer can join from whichever phone is nearest */}
          <h2 class="phone-wait-title">
            {S.players} <span class="count">{state.lobby.players.length}</span>
          </h2>
          <ul class="player-list phone-wait-players">
            {state.lobby.players.map((p) => (
              <li key={p.id}>
                <PlayerChip player={p} />
              </li>
            ))}
          </ul>
          {state.lobby.no_tv && !classCode && <ShareRoom code={state.room} />}
        </section>
      )}
      {state.game && seat !== null && !state.outcome && (
        // (a disabled fieldset turns off every button of the hand at once while the class is paused)
        <fieldset class="hand-fieldset" disabled={paused}>
          <ui.Hand game={state.game} lobby={state.lobby} players={seatedRoster(state.lobby)} seat={seat} legal={state.legal ?? []} send={send} hint={hint} hints={state.you.hints} />
        </fieldset>
      )}
      {late && state.game && (
        // A late joiner: the public view of the game in progress (the hub sends this
        // phone the spectators' view), and when they will play.
        <section class="phone-late" aria-labelledby="late-title">
          <p id="late-title" class="late-note">
            {me?.sitting_out ? S.sittingOutGame : S.playNextGame}
          </p>
          {hasBrief(state.lobby.game) ? (
            <TableBrief gameId={state.lobby.game!} game={state.game} players={seatedRoster(state.lobby)} outcome={state.outcome} />
          ) : (
            <div class="phone-table" role="region" aria-label={S.tableOnPhone} tabIndex={0}>
              <ui.Table game={state.game} lobby={state.lobby} players={seatedRoster(state.lobby)} outcome={state.outcome} />
            </div>
          )}
        </section>
      )}
      {state.outcome && <PhoneResult state={state} host={hosting ? hostActions! : null} />}
      {/* Game over on a phone: the whole score table and the final board, under the result */}
      {state.outcome && state.game && tableShown && phoneLayout && <PhoneFinal state={state} />}
      {react && !mine && <ReactionBar conn={react} />}
      {help && state.lobby.game && <RulesDialog gameId={state.lobby.game} game={state.game} options={state.lobby.options} onClose={() => setHelp(false)} />}
    </main>
  );
}

/** The end of a game on a phone: who won, and this player's own result (not the stale hand). */
function PhoneResult({ state, host }: { state: StateFrame; host: HostActions | null }) {
  const seats = bySeat(seatedRoster(state.lobby));
  const outcome = state.outcome!;
  const winners = outcome.winners;
  const names = winners.map((s) => seats.get(s)?.name ?? S.seat(s));
  const text = names.length === 0 ? S.nobodyWins : names.length === 1 ? S.winner(names[0]) : S.winners(listNames(names));
  const seat = state.you.seat ?? null;
  const ui = uiFor(state.lobby.game);
  const custom = state.game && ui.scores ? ui.scores(state.game, outcome) : null;
  const mine = seat === null ? "" : custom?.[seat] ?? formatScore(outcome.scores?.[seat]);
  const won = seat !== null && winners.includes(seat);
  return (
    <section class="phone-result" aria-labelledby="result-title">
      <h2 id="result-title">{S.gameOver}</h2>
      {seat !== null && <p class={`phone-own-result ${won ? "you-won" : ""}`}>{won ? S.youWon : S.youDidNotWin}</p>}
      {seat !== null && mine !== "" && <p class="phone-own-score">{S.yourScore(mine)}</p>}
      <p class="end-headline">{text}</p>
      {host ? (
        <div class="row center">
          <button class="btn btn-start" onClick={() => host.op("play_again", {}, () => host.op("start"))}>
            {S.playAgain}
          </button>
          <button class="btn" onClick={() => host.op("play_again")}>
            {S.changeGame}
          </button>
        </div>
      ) : (
        <p class="hint-text">{startsNextText(state.lobby)}</p>
      )}
    </section>
  );
}

export function Joined({
  identity,
  onLeave,
  phoneOnly,
  onSeatMoved,
  onSeated,
  classCode,
  paused = false,
}: {
  identity: Identity & { role: "player" };
  /** The hub took this phone in (welcomed it to its seat). */
  onSeated?: () => void;
  onLeave: (error: string | null) => void;
  phoneOnly?: boolean;
  /** Shown in the header instead of the room code (a class table: the class code). */
  classCode?: string;
  /** The hub refused this phone's seat token because the seat moved to another phone (issue 24). */
  onSeatMoved?: (room: string | null) => void;
  /** A class table's phone: the teacher paused the class (the class's own poll says so). */
  paused?: boolean;
}) {
  const key = `player:${identity.room}:${identity.name ?? ""}:${identity.reclaim ?? ""}`;
  // This connection's own copy of who it is (see the effect below).
  const live = useMemo(() => ({ ...identity }), [key]);
  const session = useSession(live, key)!;
  const { conn, state, status, welcome } = session;
  useEffect(() => {
    // Once this phone holds a seat, it comes back with its token only: a refused
    // token (the seat moved to another phone, or the host removed it) must end
    // in words, not in a fresh join under the same name as someone new.
    if (welcome && onSeatMoved) delete live.name;
    if (welcome) onSeated?.();
  }, [welcome]);
  useEffect(() => {
    // A room this phone just opened: its address now names the room, so a reload comes back to the seat.
    const code = welcome?.room;
    if (code && identity.room === null && location.pathname !== `/join/${code}`) history.replaceState(null, "", `/join/${code}`);
  }, [welcome?.room]);
  const [toast, showToast] = useToast();
  // The room is gone (closed by the host, or this player removed): a clear
  // end screen instead of the last hand with buttons that can no longer work.
  // (a refusal, or a removal, goes back to the join form with why: the form is what such a phone needs next)
  const toForm = conn.endReason === "not_found" || conn.endReason === "rejected" || conn.endReason === "removed";
  const over = status === "ended" && conn.endReason !== "replaced" && !toForm;
  // Another tab or window of this phone took the seat: say so, and offer it back (no join form).
  const elsewhere = status === "ended" && conn.endReason === "replaced";
  useEffect(() => {
    if (status === "ended" && onSeatMoved && seatMovedAway(conn)) {
      onSeatMoved(conn.room ?? identity.room);
      return;
    }
    if (status === "ended" && conn.endReason === "removed") {
      onLeave(S.ended_removed);
    } else if (status === "ended" && toForm) {
      onLeave(conn.lastError ? errorText(conn.lastError.code, conn.lastError.params) : S[`ended_${conn.endReason ?? "rejected"}` as const]);
    }
  }, [status]);
  const hostActions: HostActions = {
    room: state?.room,
    op: (op, fields = {}, then) => {
      conn.host(op, fields).then(then, (e: RequestError) => showToast(errorText(e.code, e.params)));
    },
    reclaim: (player) =>
      conn.reclaimSeat(player).catch((e: RequestError) => {
        showToast(errorText(e.code, e.params));
        throw e;
      }),
  };
  // quiet: the game's own screen says why (Splittissimo's refused picks, in a child's words)
  const send = (cmd: Command, opts?: { quiet?: boolean }) =>
    conn.sendCommand(cmd).catch((e: RequestError) => {
      if (!opts?.quiet) showToast(errorText(e.code, e.params));
      throw e;
    });
  return (
    <div class="screen phone">
      <RosterContext.Provider value={state ? seatedRoster(state.lobby) : null}>
      {!over && !elsewhere && <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} who="phone" />}
      {elsewhere ? (
        <SeatElsewhere onPlayHere={() => conn.retryNow()} />
      ) : over ? (
        <RoomEnded reason={conn.endReason} again={S.joinAnother} onAgain={() => onLeave(null)} />
      ) : state ? (
        <Seated state={state} send={send} hint={() => conn.hint()} hostActions={hostActions} phoneOnly={phoneOnly} react={conn} classCode={classCode} paused={paused} />
      ) : (
        <main class="splash">
          <p>{S.connecting}</p>
        </main>
      )}
      <Toast text={toast} />
      </RosterContext.Provider>
    </div>
  );
}

export function PhoneScreen({ code }: { code: string | null }) {
  const tokens = useMemo(() => new TokenStore(), []);
  const [identity, setIdentity] = useState<(Identity & { role: "player" }) | null>(() => {
    // A stored seat for this room: go straight back in.  No name: if the seat
    // is no longer this phone's (it moved to another phone, or the host
    // removed it), the phone says why instead of joining as someone new.
    if (code && tokens.seat(code)) return { role: "player", room: code };
    return null;
  });
  const [error, setError] = useState<string | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  // the room code last tried: a refused join (name taken) comes back to the form with it still typed
  const [tried, setTried] = useState<string | null>(code);
  // the host's code last tried: a refused one comes back to "I had a seat" with it, not to the name form
  const [triedReclaim, setTriedReclaim] = useState<string | null>(null);
  if (moved !== null) {
    return (
      <div class="screen phone">
        <SeatMoved
          code={moved || null}
          onJoin={() => {
            setMoved(null);
            setError(null);
          }}
        />
      </div>
    );
  }
  if (identity) {
    return (
      <Joined
        identity={identity}
        onLeave={(e) => {
          setError(e);
          setIdentity(null);
        }}
        onSeatMoved={(room) => {
          setMoved(room ?? "");
          setIdentity(null);
        }}
        // a code that got its seat is spent: the next time the form shows, it asks for a name again
        onSeated={() => setTriedReclaim(null)}
      />
    );
  }
  return (
    <div class="screen phone">
      <JoinForm
        code={tried ?? code ?? null}
        name={tokens.name()}
        error={error}
        reclaim={triedReclaim}
        onOpen={
          code
            ? undefined
            : (n) => {
                tokens.setName(n);
                setError(null);
                setTriedReclaim(null);
                setIdentity({ role: "player", room: null, name: n });
              }
        }
        onJoin={(c, n) => {
          tokens.setName(n);
          setError(null);
          setTried(c);
          setTriedReclaim(null);
          if (location.pathname !== `/join/${c}`) history.replaceState(null, "", `/join/${c}`);
          setIdentity({ role: "player", room: c, name: n });
        }}
        onReclaim={(c, r) => {
          setError(null);
          setTried(c);
          setTriedReclaim(r);
          if (location.pathname !== `/join/${c}`) history.replaceState(null, "", `/join/${c}`);
          setIdentity({ role: "player", room: c, reclaim: r });
        }}
      />
    </div>
  );
}

/** How long the TV must have been gone before a phone offers the table itself (a TV reloading is back in about 1 s). */
export const TV_GONE_MS = 5000;

/**
 * Whether this phone should say the TV is off: a game is being played in a room whose TV was here and has
 * been gone for {@link TV_GONE_MS} (the "goes away" audit: the TV's tab closed for good and the phones were
 * told nothing, though "No TV" would have shown them the table). Never in a room with no TV, nor at a class
 * table (its phones show the table already).
 */
export function useTvGone(state: StateFrame, phoneOnly: boolean): boolean {
  const lobby = state.lobby;
  const tvWasHere = useRef(false);
  const [gone, setGone] = useState(false);
  if (lobby.host_connected) tvWasHere.current = true;
  const watching = Boolean(state.game) && !state.outcome && !phoneOnly && authorityOf(lobby).kind !== "class";
  const away = watching && tvWasHere.current && !lobby.host_connected;
  useEffect(() => {
    if (!away) {
      setGone(false);
      return;
    }
    const timer = setTimeout(() => setGone(true), TV_GONE_MS);
    return () => clearTimeout(timer);
  }, [away]);
  return away && gone;
}

/**
 * Where to open the table on another screen (the "goes away" audit: the family moved from the laptop to the
 * smart TV's browser, whose /tv made a new, empty room), on the host phone once the TV is gone. The watch page shows the table, and in the lobby the
 * code and QR code to join: what the TV shows, with nothing secret in it. The short address, to type.
 */
function AnotherScreen({ code }: { code: string }) {
  const { base, address } = useJoinInfo();
  const shown = address ? `${address}/watch/${code}` : watchUrl(base, code).replace(/^https?:\/\//, "");
  return (
    <p class="another-screen hint-text">
      <strong>{S.anotherScreen}</strong>: {S.anotherScreenHelp(shown)}
    </p>
  );
}
