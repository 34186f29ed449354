// The turn timer as a countdown, on the TV and on the phone whose turn it is.
// The hub restarts the timer at every change of the room (server/timers.py);
// the client restarts its countdown at every new room version, which is when
// it learns of that change, so both run out together within a network delay.
import { useEffect, useState } from "preact/hooks";
import type { StateFrame } from "../net/wire";
import { S } from "../strings";
import { uiFor } from "../games";
import { turnSeconds } from "./hostControls";

/** Whole seconds left for the players acting now, or null when no timer runs. */
export function useCountdown(state: StateFrame | null): number | null {
  const acting = state?.game && !state.outcome ? uiFor(state.lobby.game).waitingOn(state.game) : [];
  const total = state && state.game && !state.outcome ? turnSeconds(state.lobby.turn_timer, state.lobby.players, acting) : 0;
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setDeadline(total > 0 ? Date.now() + total * 1000 : null);
    setNow(Date.now());
  }, [state?.version, total]);
  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [deadline]);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
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
