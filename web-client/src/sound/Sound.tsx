// The TV's sound: cues on changes of the room, and the mute toggle.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { StateFrame } from "../net/wire";
import { uiFor } from "../games";
import { S } from "../strings";
import { cueFor, SoundBoard } from "./cues";

/** One sound board for the TV page, with its cues played as the room changes. */
export function useSoundCues(state: StateFrame | null): SoundBoard {
  const board = useMemo(() => new SoundBoard(), []);
  const prev = useRef<StateFrame | null>(null);
  useEffect(() => () => board.dispose(), [board]);
  useEffect(() => {
    if (!state) return;
    const cue = cueFor(prev.current, state, (game) => uiFor(state.lobby.game).waitingOn(game));
    prev.current = state;
    if (cue) board.play(cue);
  }, [state]);
  return board;
}

/** A speaker button in the TV's corner: sound on or off, remembered on this device. */
export function MuteToggle({ board }: { board: SoundBoard }) {
  const [muted, setMuted] = useState(board.muted);
  useEffect(() => board.onChange(() => setMuted(board.muted)), [board]);
  return (
    <button
      type="button"
      class={`mute-toggle ${muted ? "mute-toggle-off" : ""}`}
      aria-pressed={!muted}
      title={muted ? S.soundOff : S.soundOn}
      onClick={() => board.setMuted(!muted)}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        ) : (
          <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        )}
      </svg>
      <span class="mute-label">{S.soundToggle}</span>
    </button>
  );
}
