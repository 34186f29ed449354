// The turn timer as a countdown, on the TV and on the phone whose turn it is.
// Newer hubs say which clock runs (`lobby.turn_clock`: the room version it
// started at, and its seconds): the countdown restarts only when that clock
// does, so a host's action (extra time, a new phone) never resets it, and
// extra time lengthens the running one.  The newest also say when it started
// by the hub's clock (`started`), read here against the hub's time as the
// welcome gave it (net/serverClock), so a page opened or reloaded mid-turn
// shows what is left of the turn, whatever this device's own clock says.
// Without `started` the countdown runs from when this page first saw the
// clock; older hubs restarted the timer at every room change, and for them
// the countdown restarts at every new version.
import { useEffect, useRef, useState } from "preact/hooks";
import { hubNow } from "../net/serverClock";
import type { StateFrame } from "../net/wire";
import { S } from "../strings";
import { uiFor } from "../games";
import { turnSeconds } from "./hostControls";

/** Whole seconds left for the players acting now, or null when no timer runs. */
export function useCountdown(state: StateFrame | null): number | null {
  const running = Boolean(state?.game) && !state?.outcome;
  const clock = state?.lobby.turn_clock;
  const acting = running ? uiFor(state!.lobby.game).waitingOn(state!.game!) : [];
  const total = !running ? 0 : clock !== undefined ? (clock?.seconds ?? 0) : turnSeconds(state!.lobby.turn_timer, state!.lobby.players, acting);
  // What starts a new clock: the hub's clock id, else (older hubs) any new version.
  const key = clock !== undefined ? `clock:${clock?.since ?? "none"}` : `v:${state?.version}`;
  const started = useRef<{ key: string; at: number } | null>(null);
  if (!started.current || started.current.key !== key) started.current = { key, at: Date.now() };
  const [, setTick] = useState(0);
  useEffect(() => {
    if (total <= 0) return;
    const tick = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(tick);
  }, [total > 0]);
  if (total <= 0) return null;
  if (typeof clock?.started === "number") return hubClockLeft(clock.started, total, Date.now());
  return countdownLeft(started.current.at, total, Date.now());
}

/** Whole seconds left of a clock of `seconds` the hub started at `started` (its clock), read here at `localNow`. */
export function hubClockLeft(started: number, seconds: number, localNow: number): number {
  return countdownLeft(started, seconds, hubNow(localNow));
}

/** Whole seconds left of a clock of `seconds` started at `at`, read at `now` (never below 0, never above its length). */
export function countdownLeft(at: number, seconds: number, now: number): number {
  return Math.min(seconds, Math.max(0, Math.ceil((at + seconds * 1000 - now) / 1000)));
}

/** A stopwatch drawn in SVG (the emoji is missing from many TV fonts). */
function Stopwatch() {
  return (
    <svg class="countdown-icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <circle cx="12" cy="13.5" r="8.5" fill="none" stroke="currentColor" stroke-width="2.5" />
      <path d="M12 13.5V8.5M9.5 2.5h5" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" />
    </svg>
  );
}

export function Countdown({ seconds, urgent }: { seconds: number; urgent?: boolean }) {
  const low = seconds <= 10;
  return (
    <>
      <span class={`countdown ${low ? "countdown-low" : ""}`} role="timer" aria-label={S.countdownLabel(seconds)}>
        <Stopwatch />
        <span class="countdown-num">{S.countdown(seconds)}</span>
      </span>
      {urgent && low && <p class="countdown-hint">{S.timeRunningOut}</p>}
    </>
  );
}
