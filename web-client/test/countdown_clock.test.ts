// The turn countdown of a page opened mid-turn: the hub says when the turn's
// clock started by its own clock (`turn_clock.started`) and what its clock
// read as it welcomed this page (`welcome.now`), so a device whose clock is
// minutes off still shows what is left of the turn, not the whole turn.
import { h, render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";
import type { StateFrame } from "../src/net/wire";
import { noteHubTime, hubNow } from "../src/net/serverClock";
import { countdownLeft, hubClockLeft, useCountdown } from "../src/screens/Countdown";

const HUB = 1_800_000_000_000; // the hub's clock at its welcome (Unix ms)

describe("a turn countdown read against the hub's clock", () => {
  for (const [what, skew] of [
    ["two minutes behind", -120_000],
    ["an hour ahead", 3_600_000],
    ["right", 0],
  ] as const) {
    it(`shows what is left of the turn on a device whose clock is ${what}`, () => {
      // Given a welcome at hub time HUB, received when this device's clock read HUB + skew
      const local = HUB + skew;
      noteHubTime(HUB, local);
      expect(hubNow(local)).toBe(HUB);
      // When the page is shown a 30 s clock the hub started 5 s before the welcome
      const started = HUB - 5_000;
      // Then it shows 25 s left, then 24 s a second later, and 0 once the turn is over (never below)
      expect(hubClockLeft(started, 30, local)).toBe(25);
      expect(hubClockLeft(started, 30, local + 1_000)).toBe(24);
      expect(hubClockLeft(started, 30, local + 25_000)).toBe(0);
      expect(hubClockLeft(started, 30, local + 90_000)).toBe(0);
    });
  }

  it("rounds up part of a second and never shows more than the clock's length", () => {
    noteHubTime(HUB, HUB - 7_000);
    // 0.4 s into the turn: 29.6 s left shows as 30
    expect(hubClockLeft(HUB - 400, 30, HUB - 7_000)).toBe(30);
    // a start a little ahead of the hub's time as estimated here (the welcome's trip): still 30, not 31
    expect(hubClockLeft(HUB + 800, 30, HUB - 7_000)).toBe(30);
  });

  it("reads the device's own clock from when it first saw the clock when the hub gives no start (older hubs)", () => {
    expect(countdownLeft(1_000, 30, 1_000)).toBe(30);
    expect(countdownLeft(1_000, 30, 6_000)).toBe(25);
  });
});

describe("the countdown of a page opened mid-turn", () => {
  it("starts from what is left, by the hub's clock, not from the whole turn", () => {
    // Given a device whose clock is 40 s behind the hub's, welcomed now
    const local = HUB - 40_000;
    vi.useFakeTimers();
    vi.setSystemTime(local);
    noteHubTime(HUB, local);
    // When its first state shows a 30 s turn clock the hub started 5 s ago
    const state = {
      t: "state", room: "ABCD", version: 9, you: {}, game: { round: 1 }, legal: [], outcome: null,
      lobby: { code: "ABCD", phase: "playing", locked: false, game: "toy", options: {}, players: [], spectators: 0,
        turn_timer: 30, turn_clock: { since: 7, seconds: 30, started: HUB - 5_000 } },
    } as unknown as StateFrame;
    let shown: number | null = null;
    function Probe() {
      shown = useCountdown(state);
      return null;
    }
    const root = document.createElement("div");
    act(() => render(h(Probe, {}), root));
    // Then it shows 25 s at once, and 23 s two seconds later
    expect(shown).toBe(25);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(shown).toBe(23);
    act(() => render(null, root));
    vi.useRealTimers();
  });
});
