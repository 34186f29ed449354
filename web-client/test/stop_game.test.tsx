// The host stops a game being played from the host menu's Room tab: it asks
// first, sends `end_game` only on "yes", and the button is there only while a
// game is being played (after the end, Play again / Change game do the job).
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import type { Lobby } from "../src/net/wire";
import { HostMenu } from "../src/screens/HostMenu";
import { S } from "../src/strings";
import { noticeText, stillTrue } from "../src/ui/notices";
import { mountPoint } from "./dom";

const root = mountPoint();

function lobby(phase: Lobby["phase"]): Lobby {
  return { phase, host_connected: true, locked: false, game: "pizza_theory", options: {}, players: [], spectators: 0, stand_ins: true };
}

function button(text: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent?.trim() === text);
}

function openRoomTab(l: Lobby, finished = false): string[] {
  const ops: string[] = [];
  const host = { op: (op: string) => void ops.push(op) };
  act(() => render(<HostMenu lobby={l} host={host} where="phone" finished={finished} />, root()));
  act(() => root().querySelector<HTMLButtonElement>(".host-menu-btn")!.click());
  act(() => document.querySelector<HTMLButtonElement>("#host-tab-room")!.click());
  return ops;
}

describe("stopping a game from the host menu", () => {
  it("given a game being played, when the host says yes, then end_game is sent", () => {
    const ops = openRoomTab(lobby("playing"));
    act(() => button(S.stopGame)!.click());
    expect(ops).toEqual([]); // asked first
    expect(document.body.textContent).toContain(S.stopGameConfirm);
    act(() => button(S.stopGameYes)!.click());
    expect(ops).toEqual(["end_game"]);
  });

  it("given the question, when the host keeps playing, then nothing is sent and the menu stays open", () => {
    const ops = openRoomTab(lobby("playing"));
    act(() => button(S.stopGame)!.click());
    act(() => button(S.keepPlaying)!.click());
    expect(ops).toEqual([]);
    expect(button(S.stopGame)).toBeDefined();
  });

  it("given the lobby or a finished game, then there is no stop button", () => {
    openRoomTab(lobby("lobby"));
    expect(button(S.stopGame)).toBeUndefined();
    act(() => render(null, root()));
    openRoomTab(lobby("playing"), true);
    expect(button(S.stopGame)).toBeUndefined();
  });
});

describe("the game_stopped notice", () => {
  const notice = { n: 9, kind: "game_stopped", player: 2, name: "Ana", by: null };
  it("names who stopped it, and says 'you' on their own phone", () => {
    expect(noticeText(notice)).toBe(S.noticeGameStopped("Ana"));
    expect(noticeText(notice, 2)).toBe(S.noticeYouStoppedGame);
  });
  it("is true until the next game starts", () => {
    expect(stillTrue(notice, lobby("lobby"))).toBe(true);
    expect(stillTrue(notice, lobby("playing"))).toBe(false);
  });
});

describe("the played_for notice (a class's teacher had a bot play a turn)", () => {
  const notice = { n: 12, kind: "played_for", player: 4, name: "Zoe", by: "teacher" };
  it("says the teacher asked, not that time ran out", () => {
    expect(noticeText(notice)).toBe(S.noticePlayedFor("Zoe"));
    expect(noticeText(notice, 4)).toBe(S.noticeYouPlayedFor);
  });
});

describe("the timed_out notice on the phone whose time ran out", () => {
  const notice = { n: 13, kind: "timed_out", player: 5, name: "Ben", by: null };
  it("speaks to that player, and names them to everyone else", () => {
    expect(noticeText(notice, 5)).toBe(S.noticeYouTimedOut);
    expect(noticeText(notice, 2)).toBe(S.noticeTimedOut("Ben"));
    expect(noticeText(notice)).toBe(S.noticeTimedOut("Ben"));
  });
});
