import { describe, expect, it } from "vitest";
import { Connection } from "../src/net/connection";
import { TokenStore } from "../src/net/tokens";
import { addFloats, addTotals, FLOAT_MS, MAX_FLOATS, TapLimit } from "../src/reactions/model";
import { cueFor, MUTE_KEY, SoundBoard, type SoundHost } from "../src/sound/cues";
import type { StateFrame } from "../src/net/wire";
import { FakeClock, FakeSocket, memoryStorage } from "./fakes";

function counter() {
  let n = 0;
  return () => ++n;
}

describe("reactions on the TV", () => {
  it("given a reactions frame, then one bubble per known kind, biggest count first, and totals that add up", () => {
    const floats = addFloats([], { clap: 3, pizza: 40, nope: 5, fire: 0 }, 1000, counter());
    expect(floats.map((f) => [f.kind, f.count])).toEqual([["pizza", 40], ["clap", 3]]);
    const totals = addTotals(addTotals({}, { clap: 3, pizza: 40, nope: 5 }), { clap: 2 });
    expect(totals).toEqual({ clap: 5, pizza: 40 });
  });

  it("given many frames, then old bubbles leave and at most MAX_FLOATS stay on screen", () => {
    const next = counter();
    let floats = addFloats([], { wow: 1 }, 0, next);
    floats = addFloats(floats, { laugh: 1 }, FLOAT_MS + 1, next);
    expect(floats.map((f) => f.kind)).toEqual(["laugh"]);
    for (let i = 0; i < 50; i++) floats = addFloats(floats, { clap: 1, fire: 2, pizza: 3 }, FLOAT_MS + 2 + i, next);
    expect(floats.length).toBe(MAX_FLOATS);
  });
});

describe("the phone's reaction limit", () => {
  it("given a keen thumb, then 3 taps go out at once and the next only after about a second", () => {
    let now = 0;
    const limit = new TapLimit(1, 3, () => now);
    expect([limit.take(), limit.take(), limit.take(), limit.take()]).toEqual([true, true, true, false]);
    now += 500;
    expect(limit.take()).toBe(false);
    now += 600;
    expect(limit.take()).toBe(true);
  });

  it("given an open link, then react sends {t:react} without seq, and the TV hears reactions frames", () => {
    const sockets: FakeSocket[] = [];
    const heard: Record<string, number>[] = [];
    const conn = new Connection({
      url: "ws://hub/ws",
      identity: { role: "spectator", room: "BCDF" },
      tokens: new TokenStore(memoryStorage()),
      clock: new FakeClock(),
      socket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    expect(conn.react("clap")).toBe(false); // not open yet: nothing sent
    conn.start();
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" });
    conn.onReactions((c) => heard.push(c));
    expect(conn.react("clap")).toBe(true);
    expect(sockets[0].sent.at(-1)).toEqual({ t: "react", r: "clap" });
    sockets[0].receive({ t: "reactions", counts: { clap: 7 } });
    sockets[0].receive({ t: "error", seq: null, code: "rate/reactions", message: "slow" });
    expect(heard).toEqual([{ clap: 7 }]);
    expect(conn.lastError).toBeNull(); // a refused reaction is not a reason to show an error screen
  });
});

function state(game: Record<string, unknown> | null, extra: Partial<StateFrame> = {}, id = "pizza_theory"): StateFrame {
  return {
    t: "state",
    v: 1,
    room: "BCDF",
    version: 1,
    lobby: { game: id } as StateFrame["lobby"],
    you: { role: "host" },
    game,
    legal: null,
    outcome: null,
    ...extra,
  } as StateFrame;
}

describe("sound cues", () => {
  const waitingOn = (g: Record<string, unknown>) => (g.waiting as number[]) ?? [];

  it("given room changes, then the most important cue: game over, skewers, a new phase, a new turn", () => {
    const a = state({ phase: "cut", waiting: [0], last_round: null });
    expect(cueFor(null, a, waitingOn)).toBeNull();
    expect(cueFor(a, state({ phase: "cut", waiting: [1], last_round: null }), waitingOn)).toBe("turn");
    expect(cueFor(a, state({ phase: "cut", waiting: [0], last_round: null }), waitingOn)).toBeNull();
    expect(cueFor(a, state({ phase: "place", waiting: [1], last_round: { round: 1 } }), waitingOn)).toBe("skewers");
    expect(cueFor(a, state({ phase: "place", waiting: [1], last_round: null }), waitingOn)).toBe("reveal");
    expect(cueFor(a, state({ phase: "end", waiting: [] }, { outcome: { winners: [0] } as StateFrame["outcome"] }), waitingOn)).toBe(
      "game_over",
    );
    const nys = state({ phase: "slice", waiting: [0] }, {}, "new_york_slice");
    expect(cueFor(nys, state({ phase: "choose", waiting: [1], last_round: { round: 1 } }, {}, "new_york_slice"), waitingOn)).toBe("reveal");

  });

  it("given Splittissimo's turns (a reaction window, then the turn), then one turn cue per turn and no reveal", () => {
    const sp = (phase: string, active: number) => state({ phase, waiting: [active] }, {}, "splittissimo");
    // Ana's turn, Ben's window, Ben's turn, Cleo's window, Cleo's turn.
    const frames = [sp("turn", 0), sp("window", 1), sp("turn", 1), sp("window", 2), sp("turn", 2)];
    const cues = frames.slice(1).map((f, i) => cueFor(frames[i], f, waitingOn));
    expect(cues).toEqual(["turn", null, "turn", null]);
    // The easy level opens no window: each new turn still gets its cue.
    expect(cueFor(sp("turn", 0), sp("turn", 1), waitingOn)).toBe("turn");
    expect(cueFor(sp("turn", 1), state({ phase: "over", waiting: [] }, { outcome: { winners: [1] } as StateFrame["outcome"] }, "splittissimo"), waitingOn)).toBe(
      "game_over",
    );
  });

  function fakeHost(storage = memoryStorage()) {
    const listeners = new Map<string, () => void>();
    let made = 0;
    const played: number[] = [];
    const ctx = {
      state: "running",
      currentTime: 0,
      destination: {},
      resume: async () => {},
      close: async () => {},
      createOscillator: () => ({ type: "", frequency: { value: 0 }, connect: (g: unknown) => g, start: () => played.push(1), stop: () => {} }),
      createGain: () => ({ gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d }),
    };
    const host: SoundHost = {
      storage,
      makeContext: () => {
        made++;
        return ctx as unknown as AudioContext;
      },
      target: {
        addEventListener: (type: string, f: unknown) => listeners.set(type, f as () => void),
        removeEventListener: (type: string) => listeners.delete(type),
      },
    };
    return { host, listeners, played, made: () => made, storage };
  }

  it("given no interaction yet, then no AudioContext is made and cues are skipped; the first tap wakes the audio", () => {
    const fake = fakeHost();
    const board = new SoundBoard(fake.host);
    expect(board.play("turn")).toBe(false);
    expect(fake.made()).toBe(0);
    fake.listeners.get("pointerdown")!();
    expect(fake.made()).toBe(1);
    expect(fake.listeners.size).toBe(0); // woken once, then it stops listening
    expect(board.play("game_over")).toBe(true);
    expect(fake.played.length).toBe(4);
  });

  it("given the mute toggle, then the choice is remembered on the device and muted cues are silent", () => {
    const fake = fakeHost();
    const board = new SoundBoard(fake.host);
    board.wake();
    board.setMuted(true);
    expect(fake.storage.getItem(MUTE_KEY)).toBe("1");
    expect(board.play("turn")).toBe(false);
    expect(new SoundBoard(fakeHost(fake.storage).host).muted).toBe(true);
    board.setMuted(false);
    expect(new SoundBoard(fakeHost(fake.storage).host).muted).toBe(false);
  });
});
