// A phone says the TV is off only once the TV that was here has been gone TV_GONE_MS during a game (the
// "goes away" audit): never for a TV that reloads within it, never in a room with no TV or at a class table.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TV_GONE_MS, useTvGone } from "../src/screens/PhoneScreen";
import type { StateFrame } from "../src/net/wire";

function frame(hostConnected: boolean, kind = "phone", game: unknown = { type: "X" }): StateFrame {
  return {
    t: "state", v: 1, room: "BCDF", version: 3,
    lobby: { host_connected: hostConnected, authority: { kind, player: kind === "phone" ? 0 : null }, players: [], notices: [] },
    you: { role: "player", player: 0, seat: 0, bot: null }, game, legal: null, outcome: null,
  } as unknown as StateFrame;
}

let root: HTMLElement;
let shown: boolean[] = [];
function Probe({ state, phoneOnly = false }: { state: StateFrame; phoneOnly?: boolean }) {
  shown.push(useTvGone(state, phoneOnly));
  return null;
}
const last = () => shown[shown.length - 1];

describe("the TV is off", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    root = document.createElement("div");
    shown = [];
  });
  afterEach(() => {
    render(null, root);
    vi.useRealTimers();
  });

  it("is said once the TV that was here has been gone long enough, and unsaid when it is back", () => {
    act(() => render(<Probe state={frame(true)} />, root));
    act(() => render(<Probe state={frame(false)} />, root));
    act(() => {
      vi.advanceTimersByTime(TV_GONE_MS - 100);
    });
    expect(last()).toBe(false);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(last()).toBe(true);
    act(() => render(<Probe state={frame(true)} />, root));
    expect(last()).toBe(false);
  });

  it("is never said for a TV that reloads within the wait", () => {
    act(() => render(<Probe state={frame(true)} />, root));
    act(() => render(<Probe state={frame(false)} />, root));
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    act(() => render(<Probe state={frame(true)} />, root));
    act(() => {
      vi.advanceTimersByTime(TV_GONE_MS * 2);
    });
    expect(shown.every((s) => !s)).toBe(true);
  });

  it("is never said where no TV was, in a room with no TV, at a class table, or between games", () => {
    act(() => render(<Probe state={frame(false)} />, root)); // the TV never came (a phone joined first)
    act(() => {
      vi.advanceTimersByTime(TV_GONE_MS * 2);
    });
    act(() => render(<Probe state={frame(true)} phoneOnly />, root));
    act(() => render(<Probe state={frame(false)} phoneOnly />, root));
    act(() => {
      vi.advanceTimersByTime(TV_GONE_MS * 2);
    });
    act(() => render(<Probe state={frame(false, "class")} />, root));
    act(() => {
      vi.advanceTimersByTime(TV_GONE_MS * 2);
    });
    act(() => render(<Probe state={frame(false, "phone", null)} />, root));
    act(() => {
      vi.advanceTimersByTime(TV_GONE_MS * 2);
    });
    expect(shown.every((s) => !s)).toBe(true);
  });
});

describe("the connection banner", () => {
  it("promises a phone its seat, and tells a screen (the TV, the watch page) that the game goes on", async () => {
    const { StatusBanner } = await import("../src/ui/common");
    const root = document.createElement("div");
    render(<StatusBanner status="reconnecting" />, root);
    expect(root.textContent).toContain("The game goes on");
    expect(root.textContent).not.toContain("seat");
    render(<StatusBanner status="reconnecting" who="phone" />, root);
    expect(root.textContent).toContain("Your seat is kept");
    render(null, root);
  });
});
