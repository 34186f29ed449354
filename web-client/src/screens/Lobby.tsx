// The TV lobby: how to join (code, QR, address), who has joined, which game
// with which options, bots, start.  Read-only (no controls) for spectators.
import { useEffect, useState } from "preact/hooks";
import type { GameInfo, Lobby, OptionInfo } from "../net/wire";
import { S, optionWords } from "../strings";
import { Qr } from "../ui/Qr";
import { PlayerChip } from "../ui/common";
import { canStart, defaultOptions, gamesOf } from "../games/catalog";
import { joinUrl } from "../route";
import { EndRoomButton, TurnTimerField } from "./HostMenu";
import { LanguageSwitch } from "../ui/LanguageSwitch";

export interface HostActions {
  /** Send a host operation; `then` runs once the hub has acknowledged it. */
  op: (op: string, fields?: Record<string, unknown>, then?: () => void) => void;
}

/**
 * Where phones should go: the hub knows its address on the local network
 * (/api/info), which matters when the TV itself opened "localhost".
 */
export function useJoinBase(): string {
  const [base, setBase] = useState(`${location.origin}/join`);
  useEffect(() => {
    let live = true;
    fetch("/api/info")
      .then((r) => (r.ok ? r.json() : null))
      .then((info) => {
        if (live && info && typeof info.join === "string") setBase(info.join.replace(/\/$/, ""));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return base;
}

export function JoinPanel({ code }: { code: string }) {
  const base = useJoinBase();
  const url = joinUrl(base, code);
  const shown = base.replace(/^https?:\/\//, "");
  return (
    <section class="join-panel" aria-labelledby="join-title">
      <h2 id="join-title">{S.joinAt}</h2>
      <Qr text={url} label={S.qrLabel(url.replace(/^https?:\/\//, ""))} px={300} />
      <p class="join-url">
        {S.scanOrVisit} <strong>{shown}</strong> {S.andEnter}
      </p>
      <p class="room-code" aria-label={`${S.roomCode}: ${code.split("").join(" ")}`}>
        {code}
      </p>
    </section>
  );
}

/** A choice as a person reads it: a level's or "random"'s word, a number as itself. */
function choiceText(value: unknown): string {
  return S.optionChoice[String(value)] ?? String(value);
}

function OptionField({ game, option, value, onChange, disabled }: { game: string; option: OptionInfo; value: unknown; onChange: (v: unknown) => void; disabled: boolean }) {
  const id = `opt-${option.name}`;
  const words = optionWords(game, option.name, option);
  if (option.kind === "bool") {
    return (
      <label class="option option-bool" for={id}>
        <input id={id} type="checkbox" checked={Boolean(value)} disabled={disabled} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
        <span>{words.label}</span>
      </label>
    );
  }
  if (option.kind === "int") {
    return (
      <label class="option" for={id}>
        <span>{words.label}</span>
        <input
          id={id}
          type="number"
          value={Number(value)}
          min={option.minimum ?? undefined}
          max={option.maximum ?? undefined}
          disabled={disabled}
          onChange={(e) => onChange(parseInt((e.target as HTMLInputElement).value, 10))}
        />
      </label>
    );
  }
  const choices = option.choices ?? [];
  if (option.kind === "multi") {
    const set = new Set((value as unknown[]) ?? []);
    return (
      <fieldset class="option">
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
              <span>{choiceText(c)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset class="option">
      <legend>{words.label}</legend>
      <div class="segmented" role="radiogroup" aria-label={words.label}>
        {choices.map((c) => (
          <label key={String(c)} class={`seg ${value === c ? "seg-on" : ""}`}>
            <input type="radio" name={id} checked={value === c} disabled={disabled} onChange={() => onChange(c)} />
            <span>{choiceText(c)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A game's name from the catalogue (the hub's title for a game this client does not know). */
function gameTitle(g: GameInfo): string {
  return (S[`game_${g.id}` as keyof typeof S] as string | undefined) ?? g.title;
}

export function GamePicker({ lobby, host }: { lobby: Lobby; host: HostActions | null }) {
  const games = gamesOf(lobby);
  const count = lobby.players.length;
  const selected = games.find((g) => g.id === lobby.game) ?? null;
  const choose = (g: GameInfo) => host?.op("select_game", { game: g.id, options: defaultOptions(g) });
  return (
    <section class="picker" aria-labelledby="picker-title">
      <h2 id="picker-title">{S.chooseGame}</h2>
      <div class="game-cards" role="radiogroup" aria-labelledby="picker-title">
        {games.map((g) => (
          <button
            key={g.id}
            role="radio"
            aria-checked={g.id === lobby.game}
            class={`game-card game-card-${g.id} ${g.id === lobby.game ? "game-card-on" : ""}`}
            disabled={!host}
            onClick={() => choose(g)}
          >
            <span class="game-card-title">{gameTitle(g)}</span>
            <span class="game-card-count">{S.playerCount(g.min_players, g.max_players)}</span>
          </button>
        ))}
      </div>
      {selected && selected.options.length > 0 && (
        <div class="options" aria-label={S.options}>
          {selected.options.map((o) => (
            <OptionField
              key={o.name}
              game={selected.id}
              option={o}
              value={lobby.options?.[o.name] ?? o.default}
              disabled={!host}
              onChange={(v) => host?.op("select_game", { game: selected.id, options: { ...defaultOptions(selected), ...lobby.options, [o.name]: v } })}
            />
          ))}
        </div>
      )}
      {selected && !canStart(selected, count) && <p class="hint-text">{S.needPlayers(selected.min_players, selected.max_players, count)}</p>}
    </section>
  );
}

export function PlayersPanel({ lobby, host }: { lobby: Lobby; host: HostActions | null }) {
  const [bot] = useState("strong");
  const games = gamesOf(lobby);
  const selected = games.find((g) => g.id === lobby.game) ?? null;
  const bots = selected?.bots ?? ["random"];
  const botName = bots.includes(bot) ? bot : bots[bots.length - 1];
  const full = selected ? lobby.players.length >= selected.max_players : false;
  return (
    <section class="players-panel" aria-labelledby="players-title">
      <h2 id="players-title">
        {S.players} <span class="count">{lobby.players.length}</span>
      </h2>
      {lobby.players.length === 0 && <p class="hint-text">{S.noPlayersYet}</p>}
      <ul class="player-list">
        {lobby.players.map((p) => (
          <li key={p.id}>
            <PlayerChip player={p} big>
              {host && (
                <button class="btn-icon" aria-label={S.removePlayer(p.name)} title={S.removePlayer(p.name)} onClick={() => host.op("remove", { player: p.id })}>
                  ✕
                </button>
              )}
            </PlayerChip>
          </li>
        ))}
      </ul>
      {host && (
        <div class="row">
          <button class="btn" disabled={full} onClick={() => host.op("add_bot", { bot: botName })}>
            {S.addBot}
          </button>
          <button class="btn btn-quiet" onClick={() => host.op(lobby.locked ? "unlock" : "lock")}>
            {lobby.locked ? S.unlock : S.lock}
          </button>
          <EndRoomButton host={host} />
        </div>
      )}
      {!host && lobby.locked && <p class="hint-text">{S.locked}</p>}
    </section>
  );
}

export function LobbyView({ lobby, code, host }: { lobby: Lobby; code: string; host: HostActions | null }) {
  const games = gamesOf(lobby);
  const selected = games.find((g) => g.id === lobby.game) ?? null;
  const ready = selected ? canStart(selected, lobby.players.length) : false;
  return (
    <main class="tv-lobby">
      <JoinPanel code={code} />
      <div class="lobby-side">
        <PlayersPanel lobby={lobby} host={host} />
        <GamePicker lobby={lobby} host={host} />
        {host && <TurnTimerField lobby={lobby} host={host} />}
        {host && (
          <button class="btn btn-start" disabled={!ready} onClick={() => host.op("start")}>
            {S.start}
          </button>
        )}
        {lobby.spectators > 0 && <p class="hint-text">{S.spectators(lobby.spectators)}</p>}
        <LanguageSwitch />
      </div>
    </main>
  );
}
