// The phone: join with a code and a name, then the private hand.  A stored
// seat token for the room skips the form, so a reload lands back in the seat.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { useSession } from "../session";
import { S, errorText } from "../strings";
import { StatusBanner, PlayerChip, listNames } from "../ui/common";
import { normaliseCode } from "../route";
import { TokenStore } from "../net/tokens";
import { RequestError, type Identity } from "../net/connection";
import type { Command, StateFrame } from "../net/wire";
import { uiFor } from "../games";
import { bySeat } from "../ui/players";
import { useTurnBuzz, useWakeLock } from "./hooks";
import { Toast, useToast } from "./TvScreen";
import { LanguageSwitch } from "../ui/LanguageSwitch";

export function JoinForm({ code, name, error, onJoin }: { code: string | null; name: string; error: string | null; onJoin: (code: string, name: string) => void }) {
  const [codeText, setCode] = useState(code ?? "");
  const [nameText, setName] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const c = normaliseCode(codeText);
    if (!c) return setProblem(S.codeInvalid);
    if (!nameText.trim()) return setProblem(S.nameMissing);
    onJoin(c, nameText.trim().slice(0, 24));
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
        <label for="name">{S.nameLabel}</label>
        <input
          id="name"
          name="name"
          class="input"
          value={nameText}
          maxLength={24}
          autoComplete="nickname"
          placeholder={S.namePlaceholder}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        {(problem || error) && (
          <p class="form-error" role="alert">
            {problem ?? error}
          </p>
        )}
        <button class="btn btn-start" type="submit">
          {S.join}
        </button>
      </form>
      <LanguageSwitch />
    </main>
  );
}

function RulesDialog({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const ui = uiFor(gameId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div class="dialog-backdrop">
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="rules-title" tabIndex={-1} ref={ref}>
        <h2 id="rules-title">
          {S.rules}: {S[`game_${gameId}` as keyof typeof S] as string}
        </h2>
        <div class="rules">
          <ui.Help />
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
  const seats = bySeat(state.lobby.players);
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

function Seated({ state, send, hint, phoneOnly }: { state: StateFrame; send: (c: Command) => Promise<void>; hint: () => Promise<unknown>; phoneOnly?: boolean }) {
  const [help, setHelp] = useState(false);
  const [tableShown, toggleTable] = useTableShown(Boolean(phoneOnly));
  const me = state.lobby.players.find((p) => p.id === state.you.player) ?? null;
  const prompt = turnPrompt(state);
  const mine = Boolean(prompt?.mine);
  useTurnBuzz(mine);
  useWakeLock(Boolean(state.game) && !state.outcome);
  const ui = uiFor(state.lobby.game);
  const seat = state.you.seat ?? null;
  return (
    <main class="phone-main">
      <header class="phone-header">
        {me && <PlayerChip player={me} />}
        <span class="phone-code">{state.room}</span>
        {state.game && !phoneOnly && (
          <button class="btn btn-quiet btn-small" aria-pressed={tableShown} onClick={toggleTable}>
            {S.noTv}
          </button>
        )}
        {state.lobby.game && (
          <button class="btn btn-quiet btn-small" onClick={() => setHelp(true)}>
            {S.rules}
          </button>
        )}
        <LanguageSwitch compact />
      </header>
      {state.game && tableShown && (
        // The table's public part comes from this seat's own view: a phone is never sent anything else.
        <section class="phone-table" aria-label={S.tableOnPhone}>
          <ui.Table game={state.game} lobby={state.lobby} players={state.lobby.players} outcome={state.outcome} />
        </section>
      )}
      {prompt && (
        <p class={`prompt ${prompt.mine ? "prompt-mine" : ""}`} role="status" aria-live="polite">
          {prompt.text}
        </p>
      )}
      {state.game && !state.outcome && me?.bot != null && (
        <p class="bot-note" role="status">
          {S.botPlaysForYou}
        </p>
      )}
      {!state.game && (
        <section class="phone-wait">
          <p>{S.waitingToStart}</p>
          {state.lobby.game && <p class="hint-text">{S[`game_${state.lobby.game}` as keyof typeof S] as string}</p>}
        </section>
      )}
      {state.game && seat !== null && (
        <ui.Hand game={state.game} lobby={state.lobby} players={state.lobby.players} seat={seat} legal={state.legal ?? []} send={send} hint={hint} />
      )}
      {state.game && seat === null && <p class="hint-text">{S.watchingOnly}</p>}
      {state.outcome && <PhoneResult state={state} />}
      {help && state.lobby.game && <RulesDialog gameId={state.lobby.game} onClose={() => setHelp(false)} />}
    </main>
  );
}

function PhoneResult({ state }: { state: StateFrame }) {
  const seats = bySeat(state.lobby.players);
  const winners = state.outcome!.winners;
  const names = winners.map((s) => seats.get(s)?.name ?? S.seat(s));
  const text = names.length === 0 ? S.nobodyWins : names.length === 1 ? S.winner(names[0]) : S.winners(listNames(names));
  return (
    <section class="phone-result" aria-labelledby="result-title">
      <h2 id="result-title">{S.gameOver}</h2>
      <p class={`end-headline ${state.you.seat !== null && state.you.seat !== undefined && winners.includes(state.you.seat) ? "you-won" : ""}`}>{text}</p>
      <p class="hint-text">{S.waitingForHost}</p>
    </section>
  );
}

export function Joined({ identity, onLeave, phoneOnly }: { identity: Identity & { role: "player" }; onLeave: (error: string | null) => void; phoneOnly?: boolean }) {
  const session = useSession(identity, `player:${identity.room}:${identity.name ?? ""}`)!;
  const { conn, state, status } = session;
  const [toast, showToast] = useToast();
  useEffect(() => {
    if (status === "ended" && (conn.endReason === "not_found" || conn.endReason === "rejected")) {
      onLeave(conn.lastError ? errorText(conn.lastError.code) : S[`ended_${conn.endReason}`]);
    }
  }, [status]);
  const send = (cmd: Command) =>
    conn.sendCommand(cmd).catch((e: RequestError) => {
      showToast(errorText(e.code));
      throw e;
    });
  return (
    <div class="screen phone">
      <StatusBanner status={status} endReason={conn.endReason} onRetry={() => conn.retryNow()} />
      {state ? <Seated state={state} send={send} hint={() => conn.hint()} phoneOnly={phoneOnly} /> : <main class="splash"><p>{S.connecting}</p></main>}
      <Toast text={toast} />
    </div>
  );
}

export function PhoneScreen({ code }: { code: string | null }) {
  const tokens = useMemo(() => new TokenStore(), []);
  const [identity, setIdentity] = useState<(Identity & { role: "player" }) | null>(() => {
    // A stored seat for this room: go straight back in.
    if (code && tokens.seat(code)) return { role: "player", room: code, name: tokens.seat(code)?.name ?? tokens.name() };
    return null;
  });
  const [error, setError] = useState<string | null>(null);
  if (identity) {
    return (
      <Joined
        identity={identity}
        onLeave={(e) => {
          setError(e);
          setIdentity(null);
        }}
      />
    );
  }
  return (
    <div class="screen phone">
      <JoinForm
        code={code ?? null}
        name={tokens.name()}
        error={error}
        onJoin={(c, n) => {
          tokens.setName(n);
          setError(null);
          if (location.pathname !== `/join/${c}`) history.replaceState(null, "", `/join/${c}`);
          setIdentity({ role: "player", room: c, name: n });
        }}
      />
    </div>
  );
}
