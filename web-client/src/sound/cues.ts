// Sound cues on the TV: which cue a change of the room calls for, and a small
// WebAudio synthesiser that plays it.  No audio files: each cue is a few
// oscillator notes.  The AudioContext is created (or resumed) only inside the
// first pointer or key event, as browsers require, so nothing is refused
// before anyone touched the TV; until then cues are silently skipped.
import type { StateFrame } from "../net/wire";
import type { View } from "../games/types";

export type Cue = "turn" | "reveal" | "skewers" | "game_over";

/** Where the TV's mute choice is kept on this device. */
export const MUTE_KEY = "pizzanight.muted";

function waiting(state: StateFrame, waitingOn: (game: View) => number[]): string {
  return state.game && !state.outcome ? waitingOn(state.game as View).join(",") : "";
}

/**
 * Phases every turn of a game passes through: going from one to another is
 * the turn's routine, not a reveal.  Splittissimo opens a reaction window
 * before each turn (window -> turn -> window of the next player ...), which
 * once played the reveal cue twice per turn and never the turn cue.
 */
const TURN_PHASES: Record<string, ReadonlySet<string>> = {
  splittissimo: new Set(["window", "turn"]),
};

function isReveal(game: string | null | undefined, before: unknown, after: unknown): boolean {
  if (typeof after !== "string" || after === before) return false;
  const routine = game ? TURN_PHASES[game] : undefined;
  return !(routine && typeof before === "string" && routine.has(before) && routine.has(after));
}

/**
 * The one cue (the most important) that going from `prev` to `next` calls
 * for, or null: the game ended; Pizza Theory revealed a round (the skewers
 * fall); the game moved to another phase (a reveal, but not a turn's own
 * routine phases); someone else is now to act (a turn).  `waitingOn` is the
 * game's "who acts now" (games/ uiFor).
 */
export function cueFor(prev: StateFrame | null, next: StateFrame, waitingOn: (game: View) => number[]): Cue | null {
  if (!prev || !next.game) return null;
  if (next.outcome && !prev.outcome) return "game_over";
  if (!prev.game || prev.lobby.game !== next.lobby.game) return null; // a game just started: the lobby's own moment
  const before = prev.game as View;
  const after = next.game as View;
  if (next.lobby.game === "pizza_theory" && after.last_round && after.last_round.round !== before.last_round?.round) return "skewers";
  if (isReveal(next.lobby.game, before.phase, after.phase)) return "reveal";
  const acting = waiting(next, waitingOn);
  if (acting && acting !== waiting(prev, waitingOn)) return "turn";
  return null;
}

/** A note: frequency (Hz), start and length (s) from the cue's start, oscillator shape, loudness 0..1. */
export interface Note {
  f: number;
  at: number;
  len: number;
  wave: OscillatorType;
  gain: number;
}

/** Each cue's notes: short, distinct, quiet enough for a living room. */
export const SCORES: Record<Cue, Note[]> = {
  turn: [
    { f: 660, at: 0, len: 0.12, wave: "sine", gain: 0.25 },
    { f: 880, at: 0.13, len: 0.16, wave: "sine", gain: 0.25 },
  ],
  reveal: [
    { f: 523, at: 0, len: 0.1, wave: "triangle", gain: 0.3 },
    { f: 659, at: 0.1, len: 0.1, wave: "triangle", gain: 0.3 },
    { f: 784, at: 0.2, len: 0.22, wave: "triangle", gain: 0.3 },
  ],
  skewers: [
    { f: 1200, at: 0, len: 0.06, wave: "square", gain: 0.12 },
    { f: 900, at: 0.18, len: 0.06, wave: "square", gain: 0.12 },
    { f: 700, at: 0.36, len: 0.06, wave: "square", gain: 0.12 },
    { f: 160, at: 0.5, len: 0.25, wave: "sine", gain: 0.35 },
  ],
  game_over: [
    { f: 523, at: 0, len: 0.15, wave: "triangle", gain: 0.3 },
    { f: 659, at: 0.15, len: 0.15, wave: "triangle", gain: 0.3 },
    { f: 784, at: 0.3, len: 0.15, wave: "triangle", gain: 0.3 },
    { f: 1047, at: 0.45, len: 0.5, wave: "triangle", gain: 0.3 },
  ],
};

/** The parts of the browser the sound board uses (a test passes fakes). */
export interface SoundHost {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  makeContext: (() => AudioContext) | null;
  target: Pick<EventTarget, "addEventListener" | "removeEventListener"> | null;
}

export function browserHost(): SoundHost {
  const Ctx = typeof window !== "undefined" ? (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  let storage: Storage | null = null;
  try {
    storage = typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    storage = null; // storage blocked: the choice lasts for this page only
  }
  return { storage, makeContext: Ctx ? () => new Ctx() : null, target: typeof window !== "undefined" ? window : null };
}

/** Mute state (remembered), the AudioContext made on the first interaction, and `play`. */
export class SoundBoard {
  muted: boolean;
  private ctx: AudioContext | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly unlock = () => this.wake();

  constructor(private readonly host: SoundHost = browserHost()) {
    this.muted = host.storage?.getItem(MUTE_KEY) === "1";
    for (const type of ["pointerdown", "keydown"]) host.target?.addEventListener(type, this.unlock, { capture: true });
  }

  /** Whether a gesture has happened and sound can play. */
  get ready(): boolean {
    return this.ctx !== null;
  }

  /** Called inside a user gesture: create or resume the AudioContext. */
  wake(): void {
    if (!this.host.makeContext) return;
    try {
      if (!this.ctx) this.ctx = this.host.makeContext();
      if (this.ctx.state === "suspended") void this.ctx.resume().catch(() => {});
    } catch {
      this.ctx = null; // no audio on this device: cues stay silent
    }
    for (const type of ["pointerdown", "keydown"]) this.host.target?.removeEventListener(type, this.unlock, { capture: true });
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    try {
      this.host.storage?.setItem(MUTE_KEY, muted ? "1" : "0");
    } catch {
      /* storage full or blocked: the choice lasts for this page */
    }
    for (const f of this.listeners) f();
  }

  onChange(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  /** Play `cue` now; returns whether it was played (not muted, and a gesture woke the audio). */
  play(cue: Cue): boolean {
    const ctx = this.ctx;
    if (this.muted || !ctx || ctx.state !== "running") return false;
    const start = ctx.currentTime + 0.02;
    for (const note of SCORES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.wave;
      osc.frequency.value = note.f;
      const t0 = start + note.at;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(note.gain, t0 + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + note.len + 0.02);
    }
    return true;
  }

  dispose(): void {
    for (const type of ["pointerdown", "keydown"]) this.host.target?.removeEventListener(type, this.unlock, { capture: true });
    void this.ctx?.close().catch(() => {});
    this.ctx = null;
  }
}
