import { Fragment } from "preact";
// The TV lobby: how to join (code, QR, address), who has joined, which game
// with which options, bots, start.  Read-only (no controls) for spectators.
import { useRef, useState } from "preact/hooks";
import type { GameInfo, Lobby, OptionInfo } from "../net/wire";
import { S, optionWords } from "../strings";
import { Qr } from "../ui/Qr";
import { PlayerChip } from "../ui/common";
import { canStart, defaultOptions, gamesOf, playingCount, sensibleOptions } from "../games/catalog";
import { joinUrl, watchUrl } from "../route";
import { ConfirmRemove, EndRoomButton, TurnTimerField } from "./HostMenu";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { useFitToWindow } from "../ui/fit";
import { ReclaimButton, ReclaimShown, canReclaim, useReclaim } from "./Reclaim";
import { authorityText, tvHosts } from "../ui/authority";
import { focusOn } from "../ui/focus";
import { groupStep } from "../ui/spatial";
import type { LobbyPlayer } from "../net/wire";

import type { HostActions } from "./hostActions";
export type { HostActions } from "./hostActions";

export { useJoinBase, useJoinInfo } from "./joinInfo";
import { useJoinInfo } from "./joinInfo";

export function JoinPanel({ code }: { code: string }) {
  const { base, address } = useJoinInfo();
  const url = joinUrl(base, code);
  // The short address to type on a TV remote or a phone; the QR code keeps the full URL.
  const shown = address ?? base.replace(/^https?:\/\//, "");
  // Spectators (a stream's audience, the rest of the family) get their own link: the watch page.
  const watch = watchUrl(base, code);
  return (
    <section class="join-panel" aria-labelledby="join-title">
      <h2 id="join-title">{S.joinAt}</h2>
      <Qr text={url} label={S.qrLabel(url.replace(/^https?:\/\//, ""))} px={300} />
      <p class="join-url">
        {S.scanOrVisit} <strong class="join-address">{shown}</strong> {S.andEnter}
      </p>
      <p class="room-code" aria-label={`${S.roomCode}: ${code.split("").join(" ")}`}>
        {code}
      </p>
      <div class="watch-link">
        <Qr text={watch} label={S.watchQrLabel(watch.replace(/^https?:\/\//, ""))} px={120} />
        <p>
          {S.watchHere} <strong>{breakAtSlashes(watch.replace(/^https?:\/\//, ""))}</strong>
        </p>
      </div>
    </section>
  );
}

/** An address that may wrap after each "/" (never inside the room code or the host's name). */
function breakAtSlashes(address: string) {
  return address.split("/").map((part, i, all) => (
    <Fragment key={i}>
      {part}
      {i < all.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** A choice as a person reads it: a level's or "random"'s word, a number as itself. */
function choiceText(value: unknown): string {
  return S.optionChoice[String(value)] ?? String(value);
}

/** The option's one-line help (in the language in use), tied to its control for screen readers. */
function OptionHelp({ id, help }: { id: string; help: string }) {
  if (!help) return null;
  return (
    <p id={`${id}-help`} class="hint-text option-help">
      {help.replace(/^\[house\]\s*/, "")}
    </p>
  );
}

/** An option the hub counts in milliseconds (its name ends in `_ms`): shown and typed in seconds. */
export function msOption(option: OptionInfo): boolean {
  return option.kind === "int" && option.name.endsWith("_ms");
}

function OptionField({
  game,
  option,
  value,
  onChange,
  disabled,
  choiceLabel,
}: {
  game: string;
  option: OptionInfo;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled: boolean;
  choiceLabel?: (c: unknown) => string;
}) {
  const id = `opt-${option.name}`;
  const words = optionWords(game, option.name, option);
  const help = words.help ? `${id}-help` : undefined;
  const say = choiceLabel ?? choiceText;
  if (option.kind === "bool") {
    return (
      <div class="option">
        <label class="option-bool" for={id}>
          <input id={id} type="checkbox" checked={Boolean(value)} disabled={disabled} aria-describedby={help} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
          <span>{words.label}</span>
        </label>
        <OptionHelp id={id} help={words.help} />
      </div>
    );
  }
  if (option.kind === "int") {
    // A time the hub keeps in milliseconds is set in seconds, as a person counts it (issue 27).
    const unit = msOption(option) ? 1000 : 1;
    const shown = (n: number | null | undefined) => (n === null || n === undefined ? undefined : n / unit);
    return (
      <div class="option">
        <label class="option-int" for={id}>
          <span>{words.label}</span>
          <input
            id={id}
            type="number"
            value={Number(value) / unit}
            min={shown(option.minimum)}
            max={shown(option.maximum)}
            step={unit === 1 ? 1 : 0.5}
            disabled={disabled}
            aria-describedby={help}
            onChange={(e) => {
              const typed = parseFloat((e.target as HTMLInputElement).value);
              if (Number.isFinite(typed)) onChange(Math.round(typed * unit));
            }}
          />
        </label>
        <OptionHelp id={id} help={words.help} />
      </div>
    );
  }
  const choices = option.choices ?? [];
  if (option.kind === "multi") {
    const set = new Set((value as unknown[]) ?? []);
    return (
      <fieldset class="option" aria-describedby={help}>
        <legend>{words.label}</legend>
        <div class="segmented">
          {choices.map((c) => (
            <label key={String(c)} class={`seg ${set.has(c) ? "seg-on" : ""}`}>
              <input
                type="checkbox"
                checked={set.has(c)}
                disabled={disabled}
                onChange={() => {
                  const next = new Set(set);
                  if (next.has(c)) next.delete(c);
                  else next.add(c);
                  if (next.size) onChange(choices.filter((x) => next.has(x)));
                }}
              />
              <span>{say(c)}</span>
            </label>
          ))}
        </div>
        <OptionHelp id={id} help={words.help} />
      </fieldset>
    );
  }
  return (
    <fieldset class="option" aria-describedby={help}>
      <legend>{words.label}</legend>
      <div class="segmented wrap" role="radiogroup" aria-label={words.label}>
        {choices.map((c) => (
          <label key={String(c)} class={`seg ${value === c ? "seg-on" : ""}`}>
            <input type="radio" name={id} checked={value === c} disabled={disabled} onChange={() => onChange(c)} />
            <span>{say(c)}</span>
          </label>
        ))}
      </div>
      <OptionHelp id={id} help={words.help} />
    </fieldset>
  );
}

/** A game's name from the catalogue (the hub's title for a game this client does not know). */
function gameTitle(g: GameInfo): string {
  return (S[`game_${g.id}` as keyof typeof S] as string | undefined) ?? g.title;
}

export function GamePicker({ lobby, host }: { lobby: Lobby; host: HostActions | null }) {
  const games = gamesOf(lobby);
  const count = playingCount(lobby);
  const selected = games.find((g) => g.id === lobby.game) ?? null;
  const choose = (g: GameInfo) => host?.op("select_game", { game: g.id, options: defaultOptions(g) });
  // One Tab stop (the chosen game, else the first); arrows move along the cards and choose (a radio group).
  const stop = Math.max(0, games.findIndex((g) => g.id === lobby.game));
  const cards = useRef<HTMLDivElement>(null);
  const key = (e: KeyboardEvent, at: number) => {
    const items = [...(cards.current?.querySelectorAll<HTMLElement>("[role=radio]") ?? [])];
    const to = groupStep(e, items, at);
    if (to === null || !host) return;
    e.preventDefault();
    items[to].tabIndex = 0;
    items[at].tabIndex = -1;
    focusOn(items[to]);
    if (games[to].id !== lobby.game) choose(games[to]);
  };
  return (
    <section class="picker" aria-labelledby="picker-title">
      <h2 id="picker-title">{S.chooseGame}</h2>
      <div class="game-cards" role="radiogroup" aria-labelledby="picker-title" ref={cards}>
        {games.map((g, i) => (
          <button
            key={g.id}
            role="radio"
            aria-checked={g.id === lobby.game}
            class={`game-card game-card-${g.id} ${g.id === lobby.game ? "game-card-on" : ""}`}
            disabled={!host}
            tabIndex={i === stop ? 0 : -1}
            onClick={() => choose(g)}
            onKeyDown={(e) => key(e, i)}
          >
            <span class="game-card-title">{gameTitle(g)}</span>
            <span class="game-card-count">{S.playerCount(g.min_players, g.max_players)}</span>
          </button>
        ))}
      </div>
      {selected && selected.options.length > 0 && (
        <div class="options" aria-label={S.options}>
          {sensibleOptions(selected, lobby).map(({ option: o, label }) => (
            <OptionField
              key={o.name}
              game={selected.id}
              option={o}
              value={lobby.options?.[o.name] ?? o.default}
              disabled={!host}
              choiceLabel={label}
              onChange={(v) => host?.op("select_game", { game: selected.id, options: { ...defaultOptions(selected), ...lobby.options, [o.name]: v } })}
            />
          ))}
        </div>
      )}
      {selected && !canStart(selected, count) && (
        <p class="hint-text">
          {S.needPlayers(selected.min_players, selected.max_players, count)}
          {count > selected.max_players && host && ` ${S.chooseSitOut}`}
        </p>
      )}
    </section>
  );
}

/**
 * Who has joined, with bots for whoever may use this screen.  `inCharge`:
 * this screen is the room's authority (the host phone, or the TV when no
 * phone hosts), so it also removes people (after asking) and locks the room;
 * `fromPhone` leaves out "End the room" (the phone has it in its menu).
 */
export function PlayersPanel({
  lobby,
  host,
  fromPhone,
  inCharge,
  me = null,
}: {
  lobby: Lobby;
  host: HostActions | null;
  fromPhone?: boolean;
  inCharge?: boolean;
  /** The host phone's own player: never offered to remove. */
  me?: number | null;
}) {
  const [bot] = useState("strong");
  const games = gamesOf(lobby);
  const selected = games.find((g) => g.id === lobby.game) ?? null;
  const bots = selected?.bots ?? ["random"];
  const botName = bots.includes(bot) ? bot : bots[bots.length - 1];
  const full = selected ? playingCount(lobby) >= selected.max_players : false;
  // More players than the game takes (say after "Play again"): the host picks who sits this one out.
  const choosing = Boolean(host && selected && (lobby.players.length > selected.max_players || lobby.players.some((p) => p.sitting_out)));
  // A phone that went away in the lobby: the host can hand its seat to a new device right here.
  const { shown, back, ask, done } = useReclaim(host?.reclaim, lobby.players);
  const [removing, setRemoving] = useState<LobbyPlayer | null>(null);
  return (
    <section class="players-panel" aria-labelledby="players-title">
      <h2 id="players-title">
        {S.players} <span class="count">{lobby.players.length}</span>
      </h2>
      {lobby.players.length === 0 && <p class="hint-text">{S.noPlayersYet}</p>}
      <ul class="player-list">
        {lobby.players.map((p) => (
          <li key={p.id} class={p.sitting_out && fromPhone ? "sits-out" : undefined}>
            <PlayerChip player={p} big>
              {/* on a phone, a player who sits out takes two lines: the whole name, then the state and "Let play" */}
              {p.sitting_out && fromPhone && <span class="chip-break" aria-hidden="true" />}
              {p.sitting_out && <span class="chip-tag">{S.sittingOut}</span>}
              {/* the host's buttons, together: on a phone they go on the row's next line as one when they do not fit */}
              {(choosing || (ask && canReclaim(p)) || (host && inCharge && p.id !== me)) && (
                <span class="chip-actions">
                  {choosing && (
                    <button
                      class={`btn btn-small ${p.sitting_out ? "btn-start" : "btn-quiet"}`}
                      aria-pressed={Boolean(p.sitting_out)}
                      aria-label={p.sitting_out ? S.letPlay(p.name) : S.sitOutFor(p.name)}
                      onClick={() => host!.op(p.sitting_out ? "sit_in" : "sit_out", { player: p.id })}
                    >
                      {p.sitting_out ? S.letPlayShort : S.sitOutShort}
                    </button>
                  )}
                  {ask && canReclaim(p) && <ReclaimButton player={p} ask={ask} />}
                  {host && inCharge && p.id !== me && (
                    <button class="btn-icon" aria-label={S.removePlayer(p.name)} title={S.removePlayer(p.name)} onClick={() => setRemoving(p)}>
                      ✕
                    </button>
                  )}
                </span>
              )}
            </PlayerChip>
          </li>
        ))}
      </ul>
      {shown && <ReclaimShown shown={shown} back={back} onDone={done} room={host?.room} />}
      {host && (
        <div class="row">
          <button class="btn" disabled={full} onClick={() => host.op("add_bot", { bot: botName })}>
            {S.addBot}
          </button>
          {inCharge && (
            <button class="btn btn-quiet" onClick={() => host.op(lobby.locked ? "unlock" : "lock")}>
              {lobby.locked ? S.unlock : S.lock}
            </button>
          )}
          {inCharge && !fromPhone && <EndRoomButton host={host} />}
        </div>
      )}
      {!(host && inCharge) && lobby.locked && <p class="hint-text">{S.locked}</p>}
      {removing && host && <ConfirmRemove host={host} player={removing} onDone={() => setRemoving(null)} />}
    </section>
  );
}

/**
 * The TV's (and the watch page's) lobby.  The TV keeps the picker, bots and
 * Start for a mouse or remote; removing people, locking and ending the room
 * are the authority's, so the TV offers them only while no phone hosts, and
 * it never shows a hand-over code (issue 24: only the asker's own screen does).
 */
export function LobbyView({ lobby, code, host }: { lobby: Lobby; code: string; host: HostActions | null }) {
  const games = gamesOf(lobby);
  const selected = games.find((g) => g.id === lobby.game) ?? null;
  const ready = selected ? canStart(selected, playingCount(lobby)) : false;
  const shared = host ? { op: host.op } : null;
  // A TV has no scroll bar: laid out in three columns for its window, and shrunk a step when a
  // long game's options in a long language still do not fit (the phone-sized watch page scrolls).
  const ref = useRef<HTMLElement>(null);
  const wide = typeof window !== "undefined" && window.innerWidth > 900;
  useFitToWindow(ref, `${lobby.game}:${lobby.players.length}`, wide);
  return (
    <main class="tv-lobby" ref={ref}>
      <JoinPanel code={code} />
      <div class="lobby-side lobby-people">
        {/* An empty room's TV hosts it, plainly: the line starts once people join. */}
        {lobby.players.length > 0 && <p class="authority-line">{authorityText(lobby, host ? "tv" : "watch")}</p>}
        <PlayersPanel lobby={lobby} host={shared} inCharge={tvHosts(lobby)} />
        {lobby.spectators > 0 && <p class="hint-text">{S.spectators(lobby.spectators)}</p>}
        <LanguageSwitch />
      </div>
      <div class="lobby-side lobby-game">
        <GamePicker lobby={lobby} host={host} />
        {host && <TurnTimerField lobby={lobby} host={host} />}
        {host && (
          <div class="lobby-start">
            <button class="btn btn-start" disabled={!ready} data-main onClick={() => host.op("start")}>
              {S.start}
            </button>
          </div>
        )}
      </div>
    </main>
  );
}
