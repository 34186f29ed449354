// A seat's one-time code on the host's screen goes once its person is back: on the new phone (the code
// spent) or on the old one after all. It says so first ("Ana is back"), then goes by itself, so a spent
// code never stays up for the next person to copy; Done still closes it at once.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lobby, LobbyPlayer, ReclaimCodeFrame } from "../src/net/wire";
import { PlayersPanel } from "../src/screens/Lobby";
import { BACK_SHOWN_MS } from "../src/screens/Reclaim";
import { S } from "../src/strings";
import { mountPoint } from "./dom";

const root = mountPoint();

function person(id: number, name: string, extra: Partial<LobbyPlayer> = {}): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, seat: id, presence: "connected", ...extra };
}

function lobbyWith(players: LobbyPlayer[]): Lobby {
  return {
    phase: "lobby",
    locked: false,
    game: "pizza_theory",
    options: {},
    players,
    spectators: 0,
    games: [{ id: "pizza_theory", title: "Pizza Theory", min_players: 2, max_players: 3, options: [] }],
  } as unknown as Lobby;
}

const CODE: ReclaimCodeFrame = { t: "reclaim_code", seq: 4, player: 1, code: "KXMPRT", seconds: 600 } as unknown as ReclaimCodeFrame;
const host = { op: () => {}, reclaim: () => Promise.resolve(CODE), room: "CCXW" };

function show(players: LobbyPlayer[]) {
  act(() => render(<PlayersPanel lobby={lobbyWith(players)} host={host as never} fromPhone inCharge me={0} />, root()));
}

async function askForBen() {
  const button = [...root().querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent === S.reclaimButton)!;
  await act(async () => {
    button.click();
    await Promise.resolve();
  });
}

const ana = person(0, "Ana");
const benGone = person(1, "Ben", { connected: false, presence: "absent" });
const benBack = person(1, "Ben");

describe("a seat's code once its person is back", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the code while Ben is gone", async () => {
    show([ana, benGone]);
    await askForBen();
    expect(root().querySelector(".reclaim-code")?.textContent).toBe("KXMPRT");
    act(() => {
      vi.advanceTimersByTime(BACK_SHOWN_MS * 3);
    });
    expect(root().querySelector(".reclaim-code")?.textContent).toBe("KXMPRT");
  });

  it("says Ben is back instead of the code, then goes by itself", async () => {
    show([ana, benGone]);
    await askForBen();
    show([ana, benBack]);
    expect(root().querySelector(".reclaim-code")).toBeNull();
    expect(root().querySelector(".reclaim-back")?.textContent).toContain(S.reclaimBackNow("Ben"));
    act(() => {
      vi.advanceTimersByTime(BACK_SHOWN_MS - 100);
    });
    expect(root().querySelector(".reclaim-back")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(root().querySelector(".reclaim-shown")).toBeNull();
  });

  it("closes at once with Done", async () => {
    show([ana, benGone]);
    await askForBen();
    show([ana, benBack]);
    const done = [...root().querySelectorAll<HTMLButtonElement>(".reclaim-back button")].find((b) => b.textContent === S.reclaimDone)!;
    act(() => done.click());
    expect(root().querySelector(".reclaim-shown")).toBeNull();
  });
});
