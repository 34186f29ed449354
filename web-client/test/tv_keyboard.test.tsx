// The TV by keyboard and remote (arrows and OK): focus kept inside the host
// menu and brought back into it after a confirmation, focus on a screen's
// main control when the screen changes, the game picker as a radio group
// (one Tab stop, arrows move and choose), the menu's tabs as a tab list, the
// arrows' nearest-control rule, and the phone's turn prompt saying what to do.
import { render } from "preact";
import { act } from "preact/test-utils";
import { useRef } from "preact/hooks";
import { describe, expect, it } from "vitest";
import type { GameInfo, Lobby, LobbyPlayer, StateFrame } from "../src/net/wire";
import { HostMenu } from "../src/screens/HostMenu";
import { GamePicker } from "../src/screens/Lobby";
import { useScreenFocus } from "../src/ui/focus";
import { nearest, arrowsTaken, type Box } from "../src/ui/spatial";
import { turnInstruction } from "../src/screens/turnWords";
import { RoomEnded } from "../src/screens/TvScreen";
import { mountPoint } from "./dom";

const root = mountPoint();

const bot = (id: number, seat: number | null = id - 1): LobbyPlayer => ({ id, name: `Bot ${id}`, bot: "random", connected: true, seat, presence: "connected" });

const GAMES: GameInfo[] = [
  { id: "pizza_theory", title: "Pizza Theory", min_players: 2, max_players: 3, options: [] },
  { id: "new_york_slice", title: "New York Slice", min_players: 2, max_players: 6, options: [] },
  { id: "splittissimo", title: "Splittissimo", min_players: 2, max_players: 5, options: [] },
];

function lobby(players: LobbyPlayer[], extra: Partial<Lobby> = {}): Lobby {
  return { phase: "playing", host_connected: true, locked: false, game: "pizza_theory", options: {}, players, spectators: 0, games: GAMES, ...extra };
}

function key(target: EventTarget, k: string, shift = false): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key: k, shiftKey: shift, bubbles: true, cancelable: true });
  act(() => void target.dispatchEvent(e));
  return e;
}

/** What Tab would do in a browser: the trap's answer, or the next element in document order. */
function tab(shift = false): void {
  const from = document.activeElement ?? document.body;
  const e = key(from, "Tab", shift);
  if (e.defaultPrevented) return;
  const all = [...document.querySelectorAll<HTMLElement>("button:not([disabled]), input, [tabindex]")].filter((el) => el.tabIndex >= 0);
  const i = all.indexOf(from as HTMLElement);
  const next = shift ? all[i - 1] ?? all[all.length - 1] : all[i + 1] ?? all[0];
  act(() => next.focus());
}

const button = (name: RegExp | string) =>
  [...document.querySelectorAll<HTMLElement>("button")].find((b) => (typeof name === "string" ? b.textContent === name : name.test(b.getAttribute("aria-label") ?? b.textContent ?? "")))!;

const ops: [string, unknown][] = [];
const host = { op: (op: string, fields?: unknown) => void ops.push([op, fields]) };

describe("the TV's host menu by keyboard", () => {
  it("given the menu open, Tab goes round its controls and never reaches the page behind", () => {
    const outside = document.createElement("button");
    outside.textContent = "Sound";
    document.body.appendChild(outside);
    try {
      act(() => render(<HostMenu lobby={lobby([bot(1), bot(2)])} host={host} main />, root()));
      act(() => button(/Host menu/).click());
      const menu = document.querySelector<HTMLElement>(".host-menu")!;
      // it opens on its selected tab
      expect(document.activeElement?.getAttribute("role")).toBe("tab");
      for (let i = 0; i < 15; i++) {
        tab();
        expect(menu.contains(document.activeElement), `Tab ${i + 1} left the menu for ${document.activeElement?.outerHTML.slice(0, 60)}`).toBe(true);
      }
      for (let i = 0; i < 15; i++) {
        tab(true);
        expect(menu.contains(document.activeElement)).toBe(true);
      }
    } finally {
      outside.remove();
    }
  });

  it("given 'Yes, remove' and the row gone, focus stays in the menu (never on the page)", async () => {
    const both = lobby([bot(1), bot(2)]);
    act(() => render(<HostMenu lobby={both} host={host} main />, root()));
    act(() => button(/Host menu/).click());
    const remove = [...document.querySelectorAll<HTMLElement>("button")].find((b) => b.getAttribute("aria-label") === "Remove Bot 2")!;
    act(() => remove.focus());
    act(() => remove.click());
    const yes = button("Yes, remove");
    act(() => yes.focus());
    act(() => yes.click());
    // the hub answers: Bot 2 has gone
    act(() => render(<HostMenu lobby={lobby([bot(1)])} host={host} main />, root()));
    await act(() => new Promise((r) => setTimeout(r, 80)));
    const menu = document.querySelector<HTMLElement>(".host-menu")!;
    expect(menu).not.toBeNull();
    expect(menu.contains(document.activeElement), `focus on ${document.activeElement?.tagName}`).toBe(true);
  });

  it("given a confirmation closed with its opener still there, focus goes back to the opener", async () => {
    act(() => render(<HostMenu lobby={lobby([bot(1), bot(2)])} host={host} main />, root()));
    act(() => button(/Host menu/).click());
    const remove = [...document.querySelectorAll<HTMLElement>("button")].find((b) => b.getAttribute("aria-label") === "Remove Bot 1")!;
    act(() => remove.focus());
    act(() => remove.click());
    // the way out is focused first, never the step that cannot be undone
    expect(document.activeElement?.textContent).toBe("Cancel");
    act(() => (document.activeElement as HTMLElement).click());
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(document.activeElement).toBe(remove);
  });

  it("given the tabs, one Tab stop and the arrows move between them and show them", () => {
    act(() => render(<HostMenu lobby={lobby([bot(1), bot(2)])} host={host} main />, root()));
    act(() => button(/Host menu/).click());
    const tabs = [...document.querySelectorAll<HTMLElement>("[role=tab]")];
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);
    act(() => tabs[0].focus());
    key(tabs[0], "ArrowRight");
    expect(document.activeElement?.textContent).toBe("Room");
    expect(document.activeElement?.getAttribute("aria-selected")).toBe("true");
    expect(document.querySelector("[role=tabpanel]")?.id).toBe("host-panel-room");
    key(document.activeElement!, "ArrowLeft");
    expect(document.activeElement?.textContent).toBe("Players");
  });
});

describe("the game picker", () => {
  it("given three games, one Tab stop (the chosen one), and arrows move focus and choose", () => {
    ops.length = 0;
    act(() => render(<GamePicker lobby={lobby([], { phase: "lobby", game: "new_york_slice" })} host={host} />, root()));
    const cards = [...document.querySelectorAll<HTMLElement>("[role=radio]")];
    expect(cards.map((c) => c.tabIndex)).toEqual([-1, 0, -1]);
    act(() => cards[1].focus());
    const e = key(cards[1], "ArrowRight");
    expect(e.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(cards[2]);
    expect(ops.at(-1)?.[0]).toBe("select_game");
    expect((ops.at(-1)?.[1] as { game: string }).game).toBe("splittissimo");
    // right of the last card: the arrow leads out of the group (the TV's arrows take it on)
    expect(key(cards[2], "ArrowRight").defaultPrevented).toBe(false);
  });
});

function Screens({ screen }: { screen: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useScreenFocus(ref, screen);
  return (
    <div ref={ref}>
      <button>Sound</button>
      {screen === "lobby" && (
        <button data-main onClick={() => undefined}>
          Start the game
        </button>
      )}
      {screen === "game" && <button data-main>Host menu</button>}
      {screen === "end" && (
        <>
          <button>Change game</button>
          <button data-main>Play again</button>
        </>
      )}
      {screen === "over" && <RoomEnded reason="room_closed" onAgain={() => undefined} />}
    </div>
  );
}

describe("a TV screen's focus", () => {
  it("given the screen changes, focus moves to the new screen's main control, never to the page", () => {
    act(() => render(<Screens screen="lobby" />, root()));
    expect(document.activeElement?.textContent).toBe("Start the game");
    act(() => render(<Screens screen="game" />, root()));
    expect(document.activeElement?.textContent).toBe("Host menu");
    act(() => render(<Screens screen="end" />, root()));
    expect(document.activeElement?.textContent).toBe("Play again");
    act(() => render(<Screens screen="over" />, root()));
    expect(document.activeElement?.textContent).toBe("Start over");
  });
});

describe("the TV's arrows", () => {
  const box = (left: number, top: number, w = 100, h = 40): Box => ({ left, top, right: left + w, bottom: top + h });
  // a lobby-like page: two buttons in a row, a row of three cards below, Start at the foot
  const boxes = [box(0, 0), box(120, 0), box(0, 100), box(300, 100), box(600, 100), box(500, 300, 300, 60)];
  it("given a direction, the nearest control that way, a step to the side counting double", () => {
    expect(nearest(boxes[0], boxes, "right")).toBe(1);
    expect(nearest(boxes[0], boxes, "down")).toBe(2);
    expect(nearest(boxes[1], boxes, "down")).toBe(2);
    expect(nearest(boxes[3], boxes, "right")).toBe(4);
    expect(nearest(boxes[4], boxes, "down")).toBe(5);
    expect(nearest(boxes[5], boxes, "up")).toBe(4);
    expect(nearest(boxes[0], boxes, "up")).toBe(-1);
    expect(nearest(boxes[0], boxes, "left")).toBe(-1);
  });
  it("given typing or a native radio row, the arrows are theirs", () => {
    const text = document.createElement("input");
    const radio = document.createElement("input");
    radio.type = "radio";
    expect(arrowsTaken(text, "down")).toBe(true);
    expect(arrowsTaken(radio, "right")).toBe(true);
    expect(arrowsTaken(radio, "down")).toBe(false);
    expect(arrowsTaken(document.createElement("button"), "down")).toBe(false);
    // a number field on the way down the lobby is passed, never changed
    const number = document.createElement("input");
    number.type = "number";
    expect(arrowsTaken(number, "down")).toBe(false);
    expect(arrowsTaken(number, "left")).toBe(true);
  });
});

describe("the phone's turn prompt", () => {
  const frame = (game: string, view: Record<string, unknown>, legal: { type: string; [k: string]: unknown }[]): StateFrame => ({
    t: "state",
    room: "ABCD",
    version: 3,
    lobby: lobby([bot(1), bot(2)], { game }),
    you: { role: "player", player: 1, seat: 0 },
    game: view,
    legal,
    outcome: null,
  });
  it("given a portion to pick, the live region's words say so, not 'Your turn' alone", () => {
    expect(turnInstruction(frame("new_york_slice", { players: 2 }, [{ type: "ChoosePortion", portion: 0 }]))).toBe("Your pick: which portion do you take?");
    expect(turnInstruction(frame("new_york_slice", { players: 3 }, [{ type: "SliceRing", cuts: [1] }]))).toMatch(/^Tap ✂ to cut the ring/);
    expect(turnInstruction(frame("pizza_theory", {}, [{ type: "ChooseCut", line: 2 }]))).toMatch(/^Turn your die to a cut/);
    expect(turnInstruction(frame("pizza_theory", {}, []))).toBeNull();
  });
});
