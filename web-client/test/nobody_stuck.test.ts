// Issue 24 on the client: who is in charge (one answer for every screen),
// which announcements are news, the hint button's words, and the
// Splittissimo lines that must not lie (the window countdown, the cancel line).
import { afterEach, describe, expect, it } from "vitest";
import type { Lobby, LobbyPlayer, Notice, StateFrame } from "../src/net/wire";
import { setLanguage } from "../src/strings";
import { authorityOf, authorityText, hostPlayer, isHostPhone, startsNextText, tvHosts } from "../src/ui/authority";
import { NoticeTracker, noticeText } from "../src/ui/notices";
import { botSeats, presenceOf } from "../src/ui/presence";
import { canReclaim } from "../src/screens/Reclaim";
import { hintButton } from "../src/games/splittissimo/text";
import { cancelIsNews, windowLeft } from "../src/games/splittissimo/model";
import { countdownLeft } from "../src/screens/Countdown";

function player(id: number, name: string, fields: Partial<LobbyPlayer> = {}): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, seat: id, ...fields };
}

function lobby(fields: Partial<Lobby> = {}): Lobby {
  return {
    phase: "playing",
    host_connected: true,
    locked: false,
    game: "pizza_theory",
    options: {},
    players: [player(0, "Ana"), player(1, "Bo"), player(2, "Noah")],
    spectators: 0,
    ...fields,
  };
}

function state(l: Lobby, me: number | null): StateFrame {
  return { t: "state", room: "ABCD", version: 1, lobby: l, you: { role: "player", player: me, seat: me }, game: null, outcome: null };
}

const notice = (n: number, kind: string, player: number, name: string, by: string | null = null): Notice => ({ n, kind, player, name, by });

afterEach(() => setLanguage("en", false));

describe("who is in charge", () => {
  it("given a phone hosts, every screen names it and only that phone hosts", () => {
    const l = lobby({ authority: { kind: "phone", player: 1 }, host_phone: 1 });
    expect(hostPlayer(l)?.name).toBe("Bo");
    expect(tvHosts(l)).toBe(false);
    expect(authorityText(l, "tv")).toBe("Bo hosts from their phone");
    expect(authorityText(l, "watch")).toBe("Bo hosts from their phone");
    expect(authorityText(l, "phone", 0)).toBe("Bo is the host");
    expect(authorityText(l, "phone", 1)).toBe("You are the host");
    expect(isHostPhone(state(l, 1))).toBe(true);
    expect(isHostPhone(state(l, 0))).toBe(false);
  });

  it("given a phone hosts, nobody is told to wait for the TV after a game", () => {
    const l = lobby({ authority: { kind: "phone", player: 1 }, host_phone: 1 });
    expect(startsNextText(l)).toBe("Bo starts the next game");
    expect(startsNextText(l)).not.toMatch(/TV/);
  });

  it("given no phone hosts, the TV is the authority and says so", () => {
    const l = lobby({ authority: { kind: "tv", player: null }, host_phone: null });
    expect(tvHosts(l)).toBe(true);
    expect(authorityText(l, "phone", 0)).toBe("The TV hosts this room");
    expect(startsNextText(l)).toMatch(/TV/);
  });

  it("given a phones-only room with nobody hosting, no screen speaks of a TV", () => {
    const l = lobby({ authority: { kind: "tv", player: null }, host_phone: null, no_tv: true });
    expect(authorityText(l, "phone", 0)).not.toMatch(/TV/);
    expect(startsNextText(l)).not.toMatch(/TV/);
  });

  it("given a class table, the teacher runs it and no phone hosts", () => {
    const l = lobby({ authority: { kind: "class", player: null }, host_phone: null });
    expect(authorityText(l, "phone", 0)).toBe("The teacher runs this table");
    expect(startsNextText(l)).toBe("The teacher starts the next game");
    expect(isHostPhone(state(l, 0))).toBe(false);
  });

  it("given an older hub (no authority), host_phone decides", () => {
    expect(authorityOf(lobby({ host_phone: 2 }))).toEqual({ kind: "phone", player: 2 });
    expect(authorityOf(lobby({ host_phone: null }))).toEqual({ kind: "tv", player: null });
  });

  it("speaks Spanish too", () => {
    setLanguage("es", false);
    const l = lobby({ authority: { kind: "phone", player: 1 }, host_phone: 1 });
    expect(authorityText(l, "tv")).toBe("Bo dirige la sala desde su móvil");
    expect(startsNextText(l)).toBe("Bo empieza la próxima partida");
  });
});

describe("announcements", () => {
  it("given a screen that just opened, the notices it finds are not news", () => {
    const t = new NoticeTracker();
    expect(t.take([notice(3, "back", 2, "Noah")])).toEqual([]);
  });

  it("when new notices arrive, each is news exactly once, oldest first", () => {
    const t = new NoticeTracker();
    t.take([]);
    const a = notice(5, "stand_in", 2, "Noah");
    const b = notice(7, "host_changed", 0, "Ana");
    expect(t.take([a])).toEqual([a]);
    expect(t.take([a])).toEqual([]);
    expect(t.take([a, b])).toEqual([b]);
    // the hub keeps only the last few: an old one dropping off changes nothing
    expect(t.take([b])).toEqual([]);
  });

  it("says each kind in words, with who handed a seat over", () => {
    expect(noticeText(notice(1, "seat_moved", 0, "Ana", "Bo"))).toBe("Ana's seat moved to a new phone (handed over by Bo)");
    expect(noticeText(notice(1, "seat_moved", 0, "Ana", null))).toMatch(/Ana's seat moved to a new phone/);
    expect(noticeText(notice(1, "seat_moved", 0, "Ana", "teacher"))).toMatch(/teacher/);
    expect(noticeText(notice(1, "host_changed", 1, "Bo"))).toBe("Bo is now the host");
    expect(noticeText(notice(1, "host_changed", 1, "Bo"), 1)).toMatch(/^You are now the host/);
    expect(noticeText(notice(1, "stand_in", 2, "Noah"))).toMatch(/a bot is playing for Noah/);
    expect(noticeText(notice(1, "back", 2, "Noah"))).toBe("Noah is back");
    expect(noticeText(notice(1, "timed_out", 2, "Noah"))).toMatch(/a bot moved for Noah/);
    expect(noticeText(notice(1, "something_new", 2, "Noah"))).toBe("");
    setLanguage("es", false);
    expect(noticeText(notice(1, "seat_moved", 0, "Ana", "Bo"))).toBe("El asiento de Ana pasó a un móvil nuevo (lo pasó Bo)");
  });
});

describe("presence", () => {
  it("reads the hub's presence, and takes an offline person for away on older hubs", () => {
    expect(presenceOf(player(0, "Ana", { presence: "absent", connected: false }))).toBe("absent");
    expect(presenceOf(player(0, "Ana", { connected: false }))).toBe("away");
    expect(presenceOf(player(5, "Bot 1", { human: false, bot: "random" }))).toBe("connected");
  });

  it("lists the people a bot plays for: stand-ins and seats the host handed over", () => {
    const players = [player(0, "Ana"), player(1, "Bo", { stand_in: true, presence: "absent" }), player(2, "Noah", { bot: "random" }), player(3, "Bot 1", { human: false, bot: "random" })];
    expect(botSeats(players).map((p) => p.name)).toEqual(["Bo", "Noah"]);
  });

  it("offers a new phone only for a seat gone past the grace period", () => {
    expect(canReclaim(player(0, "Ana", { connected: false, presence: "away" }))).toBe(false);
    expect(canReclaim(player(0, "Ana", { connected: false, presence: "absent" }))).toBe(true);
    expect(canReclaim(player(0, "Ana"))).toBe(false);
    expect(canReclaim(player(3, "Bot 1", { human: false, bot: "random" }))).toBe(false);
  });
});

describe("the hint button", () => {
  it("says how many hints are left, and is disabled with the reason when none can be had", () => {
    expect(hintButton({ left: 2, off: false })).toEqual({ label: "Show me a hint", status: "2 hints left", usable: true });
    expect(hintButton({ left: 1, off: false }).status).toBe("1 hint left");
    expect(hintButton({ left: 0, off: false })).toEqual({ label: "No hints left", status: null, usable: false });
    expect(hintButton({ left: 3, off: true })).toEqual({ label: "Hints are off", status: null, usable: false });
    expect(hintButton({ left: null, off: false }).usable).toBe(true);
    expect(hintButton(undefined).usable).toBe(true);
    setLanguage("es", false);
    expect(hintButton({ left: 2, off: false }).status).toBe("te quedan 2 pistas");
  });
});

describe("Splittissimo lines that must not lie", () => {
  it("the reaction window never shows more than its length, whatever the clock did", () => {
    expect(windowLeft(3000, 100_000, 9_000)).toBe(3000); // a stale 'now' from before the window opened
    expect(windowLeft(3000, 100_000, 101_000)).toBe(2000);
    expect(windowLeft(3000, 100_000, 200_000)).toBe(0);
  });

  it("'Bo cancelled Max's turn' shows during the turn the cancel started, and goes at the next", () => {
    const cancel = { seat: 1, by: 0 };
    expect(cancelIsNews(cancel, 8, 8)).toBe(true);
    expect(cancelIsNews(cancel, 9, 8)).toBe(false);
    expect(cancelIsNews(null, 8, 8)).toBe(false);
    // a hub that says the turn itself is exact even for a screen that opened later
    expect(cancelIsNews({ seat: 1, by: 0, turn: 8 }, 8, 12)).toBe(true);
    expect(cancelIsNews({ seat: 1, by: 0, turn: 8 }, 9, 9)).toBe(false);
  });
});

describe("the turn countdown", () => {
  it("counts the running clock down from when it started, within its length", () => {
    expect(countdownLeft(1000, 30, 1000)).toBe(30);
    expect(countdownLeft(1000, 30, 11_000)).toBe(20);
    expect(countdownLeft(1000, 30, 0)).toBe(30); // a clock read before it started never shows more than its length
    expect(countdownLeft(1000, 30, 99_000)).toBe(0);
  });
});

describe("a seat stuck on a gone phone", () => {
  it("is offered to a bot only while a game waits on it and nobody plays it", async () => {
    const { stuckSeats } = await import("../src/screens/HostMenu");
    const gone = player(2, "Noah", { connected: false, presence: "absent" });
    expect(stuckSeats(lobby({ players: [player(0, "Ana"), gone] })).map((p) => p.name)).toEqual(["Noah"]);
    expect(stuckSeats(lobby({ players: [player(0, "Ana"), { ...gone, stand_in: true }] }))).toEqual([]);
    expect(stuckSeats(lobby({ players: [player(0, "Ana"), { ...gone, bot: "random" }] }))).toEqual([]);
    expect(stuckSeats(lobby({ players: [player(0, "Ana"), { ...gone, presence: "away" }] }))).toEqual([]);
    expect(stuckSeats(lobby({ phase: "finished", players: [player(0, "Ana"), gone] }))).toEqual([]);
  });
});
