// /replay: watch an exported game again, as the TV showed it.
// Open a file, or follow a link /replay?src=URL to one.  The table is each
// game's own TV table (screens/Table.tsx -> games/*/Table.tsx), fed the TV
// view recorded after each record; the controls only move through records.
import { useEffect, useState } from "preact/hooks";
import { TableScreen } from "../screens/Table";
import { PlayerChip } from "../ui/common";
import { RosterContext, seatedRoster } from "../ui/players";
import { eventName, firstGameStep, frameAt, parseReplay, type Replay, ReplayFileError } from "./model";
import { R } from "./strings";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import "./replay.css";

const SPEEDS = [0.5, 1, 2, 4];
/** Time on one record at speed 1, in ms. */
const STEP_MS = 900;

function usePlayback(replay: Replay | null) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const last = replay ? replay.records.length - 1 : 0;
  useEffect(() => {
    setIndex(replay ? firstGameStep(replay) : 0);
    setPlaying(false);
  }, [replay]);
  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex((i) => Math.min(i + 1, last)), STEP_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, index, speed, last]);
  const go = (to: number) => setIndex(Math.max(0, Math.min(to, last)));
  return { index, last, playing, speed, setSpeed, go, toggle: () => (index >= last ? (go(0), setPlaying(true)) : setPlaying(!playing)) };
}

async function fetchReplay(src: string): Promise<Replay> {
  const reply = await fetch(src, { credentials: "same-origin" });
  if (!reply.ok) throw new ReplayFileError(R.fetchFailed(src, reply.status));
  return parseReplay(await reply.text());
}

export function ReplayScreen({ src }: { src: string | null }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(Boolean(src));
  const play = usePlayback(replay);

  useEffect(() => {
    if (!src) return;
    setLoading(true);
    fetchReplay(src).then(
      (r) => (setReplay(r), setError(null), setLoading(false)),
      (e: Error) => (setError(e instanceof ReplayFileError ? e.message : R.fetchFailed(src, 0)), setLoading(false)),
    );
  }, [src]);

  const open = async (file: File | undefined) => {
    if (!file) return;
    try {
      setReplay(parseReplay(await file.text()));
      setError(null);
    } catch (e) {
      setError(e instanceof ReplayFileError ? e.message : String(e));
    }
  };

  useEffect(() => {
    if (!replay) return;
    const keys = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === "INPUT") return;
      if (e.key === "ArrowRight") play.go(play.index + 1);
      else if (e.key === "ArrowLeft") play.go(play.index - 1);
      else if (e.key === " ") play.toggle();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  });

  const frame = replay ? frameAt(replay, play.index) : null;
  return (
    <div class="screen tv replay">
      <header class="replay-bar">
        <h1 class="replay-title">{R.title}</h1>
        {replay && (
          <span class="replay-about">
            {R.about(replay.room.code, replay.games.map((g) => g.title).join(", ") || R.noGame, replay.exported_at)}
          </span>
        )}
        <label class="btn btn-quiet replay-open">
          {R.open}
          <input type="file" accept=".json,application/json" class="sr-only" onChange={(e) => open((e.target as HTMLInputElement).files?.[0])} />
        </label>
        <LanguageSwitch compact />
      </header>
      {error && (
        <p class="banner banner-ended" role="alert">
          {error}
        </p>
      )}
      {!replay && !error && (
        <main class="splash replay-splash">
          <h2>{loading ? R.loading : R.pick}</h2>
          <p>{R.pickHelp}</p>
          <p class="replay-warning">{R.reveals}</p>
        </main>
      )}
      {replay && frame && (
        <>
          <div class="replay-stage" data-step={play.index + 1} data-version={frame.version}>
            {/* each player's look from the room's list at this step (ui/players.ts) */}
            <RosterContext.Provider value={seatedRoster(frame.lobby)}>
              {frame.game ? <TableScreen state={frame} host={null} watching replaying /> : <LobbyStep frame={frame} />}
            </RosterContext.Provider>
          </div>
          <nav class="replay-controls" aria-label={R.controls}>
            <button class="btn-icon" onClick={() => play.go(0)} aria-label={R.toStart} disabled={play.index === 0}>
              <Icon name="start" />
            </button>
            <button class="btn-icon" onClick={() => play.go(play.index - 1)} aria-label={R.back} disabled={play.index === 0}>
              <Icon name="back" />
            </button>
            <button class="btn btn-start replay-play" onClick={play.toggle} aria-label={play.playing ? R.pause : R.play}>
              <Icon name={play.playing ? "pause" : "play"} />
            </button>
            <button class="btn-icon" onClick={() => play.go(play.index + 1)} aria-label={R.forward} disabled={play.index >= play.last}>
              <Icon name="forward" />
            </button>
            <button class="btn-icon" onClick={() => play.go(play.last)} aria-label={R.toEnd} disabled={play.index >= play.last}>
              <Icon name="end" />
            </button>
            <input
              class="replay-scrubber"
              type="range"
              min={0}
              max={play.last}
              value={play.index}
              aria-label={R.position}
              aria-valuetext={R.stepOf(play.index + 1, play.last + 1)}
              onInput={(e) => play.go(Number((e.target as HTMLInputElement).value))}
            />
            <span class="replay-step" aria-live="off">
              {R.stepOf(play.index + 1, play.last + 1)} · {eventName(replay, play.index, R.events)}
            </span>
            <label class="replay-speed">
              {R.speed}
              <select value={String(play.speed)} onChange={(e) => play.setSpeed(Number((e.target as HTMLSelectElement).value))}>
                {SPEEDS.map((s) => (
                  <option key={s} value={String(s)}>
                    {s}×
                  </option>
                ))}
              </select>
            </label>
          </nav>
        </>
      )}
    </div>
  );
}

/** Playback icons as SVG: the media-control characters are missing from many fonts. */
function Icon({ name }: { name: "start" | "back" | "play" | "pause" | "forward" | "end" }) {
  const paths = {
    start: "M5 4h3v16H5zM20 4v16L9 12z",
    back: "M18 4v16L6 12z",
    play: "M7 4v16l13-8z",
    pause: "M6 4h4v16H6zM14 4h4v16h-4z",
    forward: "M6 4v16l12-8z",
    end: "M16 4h3v16h-3zM4 4v16l11-8z",
  };
  return (
    <svg class="replay-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}

function LobbyStep({ frame }: { frame: ReturnType<typeof frameAt> }) {
  const players = frame.lobby.players;
  return (
    <main class="replay-lobby">
      <h2>{R.lobby(frame.room)}</h2>
      <p>{frame.lobby.phase === "closed" ? R.closed : R.lobbyHelp}</p>
      <ul class="player-list">
        {players.map((p) => (
          <li key={p.id}>
            <PlayerChip player={p} big />
          </li>
        ))}
      </ul>
    </main>
  );
}
