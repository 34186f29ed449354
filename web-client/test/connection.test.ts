import { describe, expect, it } from "vitest";
import { backoffMs, Connection, type Identity, type Status } from "../src/net/connection";
import { TokenStore } from "../src/net/tokens";
import { FakeClock, FakeSocket, memoryStorage } from "./fakes";

/** `tab`: the tab's own storage (sessionStorage in a browser); by default one of its own. */
function setup(identity: Identity, storage = memoryStorage(), tab = memoryStorage()) {
  const sockets: FakeSocket[] = [];
  const clock = new FakeClock();
  const statuses: Status[] = [];
  const states: unknown[] = [];
  const tokens = new TokenStore(storage, tab);
  const conn = new Connection({
    url: "ws://hub/ws",
    identity,
    tokens,
    clock,
    random: () => 0.5,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onStatus: (s) => statuses.push(s),
    onState: (s) => states.push(s),
  });
  conn.start();
  return { conn, sockets, clock, statuses, states, tokens, storage };
}

const welcomePlayer = { t: "welcome", v: 1, room: "BCDF", role: "player", player: 2, token: "secret-seat" };

describe("Connection", () => {
  it("given a new phone, when it opens, then it joins by name with a token of its own, kept before the hello goes", () => {
    const { sockets, tokens, statuses } = setup({ role: "player", room: "bcdf", name: "Ana" });
    sockets[0].open();
    const hello = sockets[0].sent[0] as { token: string };
    expect(hello).toEqual({ t: "hello", v: 1, role: "player", room: "BCDF", name: "Ana", token: hello.token });
    expect(hello.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokens.seat("BCDF")).toEqual({ room: "BCDF", token: hello.token, name: "Ana", pending: true });
    // a hub that issues a token anyway (an older one): the phone keeps that one
    sockets[0].receive(welcomePlayer);
    expect(tokens.seat("BCDF")).toEqual({ room: "BCDF", token: "secret-seat", name: "Ana" });
    expect(statuses).toEqual(["open"]);
  });

  it("given its welcome lost, then the next socket sends the same hello, and the welcome keeps the phone's own token", () => {
    const { sockets, clock, tokens } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    const first = sockets[0].sent[0] as { token: string };
    clock.advance(6000 + backoffMs(0, () => 0.5));
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual(first);
    sockets[1].receive({ ...welcomePlayer, token: null });
    expect(tokens.seat("BCDF")).toEqual({ room: "BCDF", token: first.token, name: "Ana" });
    // and from then on it comes back with its token alone
    sockets[1].drop(1006);
    clock.advance(backoffMs(0, () => 0.5));
    sockets[2].open();
    expect(sockets[2].sent[0]).toEqual({ t: "hello", v: 1, role: "player", room: "BCDF", token: first.token });
  });

  it("given a page reloaded before its join was welcomed, then the new page sends the join's own token again", () => {
    const storage = memoryStorage();
    const before = setup({ role: "player", room: "BCDF", name: "Ana" }, storage);
    before.sockets[0].open();
    const first = before.sockets[0].sent[0];
    before.conn.stop();
    const after = setup({ role: "player", room: "BCDF", name: "Ana" }, storage);
    after.sockets[0].open();
    expect(after.sockets[0].sent[0]).toEqual(first);
  });

  it("given a join refused (a name taken: 1008), then its token is forgotten and the next join makes a new one", () => {
    const storage = memoryStorage();
    const first = setup({ role: "player", room: "BCDF", name: "Ana" }, storage);
    first.sockets[0].open();
    const refused = first.sockets[0].sent[0] as { token: string };
    first.sockets[0].receive({ t: "error", code: "room/name_taken", message: "taken", params: { name: "Ana" } });
    first.sockets[0].drop(1008);
    expect(first.conn.endReason).toBe("rejected");
    expect(first.tokens.seat("BCDF")).toBeNull();
    const second = setup({ role: "player", room: "BCDF", name: "Anna" }, storage);
    second.sockets[0].open();
    const hello = second.sockets[0].sent[0] as { name: string; token: string };
    expect(hello.name).toBe("Anna");
    expect(hello.token).not.toBe(refused.token);
  });

  it("given a reclaim code, then the hello carries its own token, the same one again after a lost welcome", () => {
    const { sockets, clock, tokens } = setup({ role: "player", room: "BCDF", reclaim: "KTXBMD" });
    sockets[0].open();
    const first = sockets[0].sent[0] as { token: string };
    expect(first).toEqual({ t: "hello", v: 1, role: "player", room: "BCDF", reclaim: "KTXBMD", token: first.token });
    clock.advance(6000 + backoffMs(0, () => 0.5));
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual(first);
    sockets[1].receive({ ...welcomePlayer, token: null });
    expect(tokens.seat("BCDF")?.token).toBe(first.token);
  });

  it("given no TV, then the phone opening a room sends its own token and keeps it for the room it is given", () => {
    const { sockets, tokens } = setup({ role: "player", room: null, name: "Ana" });
    sockets[0].open();
    const hello = sockets[0].sent[0] as { token: string };
    expect(hello).toEqual({ t: "hello", v: 1, role: "player", name: "Ana", token: hello.token });
    sockets[0].receive({ ...welcomePlayer, room: "GHJK", player: 0, token: null });
    expect(tokens.seat("GHJK")).toEqual({ room: "GHJK", token: hello.token, name: "Ana" });
  });

  it("given a stored seat token, when the phone opens, then it comes back with the token and no name", () => {
    const storage = memoryStorage();
    new TokenStore(storage).setSeat("BCDF", { room: "BCDF", token: "old-token" });
    const { sockets } = setup({ role: "player", room: "BCDF", name: "Ana" }, storage);
    sockets[0].open();
    expect(sockets[0].sent[0]).toEqual({ t: "hello", v: 1, role: "player", room: "BCDF", token: "old-token" });
  });

  it("given an open link, when it drops, then it says reconnecting, waits a backoff and rejoins with the token", () => {
    const { sockets, clock, statuses } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive(welcomePlayer);
    sockets[0].drop(1006);
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(sockets).toHaveLength(1);
    clock.advance(backoffMs(0, () => 0.5));
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ role: "player", room: "BCDF", token: "secret-seat" });
    expect(sockets[1].sent[0]).not.toHaveProperty("name");
    sockets[1].receive(welcomePlayer);
    expect(statuses.at(-1)).toBe("open");
  });

  it("backs off longer after each failed attempt, up to two seconds", () => {
    const delays = [0, 1, 2, 3, 4, 5, 10, 30].map((n) => backoffMs(n, () => 0.5));
    expect(delays.slice(0, 5)).toEqual([250, 500, 1000, 2000, 2000]);
    expect(Math.max(...delays)).toBe(2000);
    expect(backoffMs(3, () => 0)).toBeLessThan(backoffMs(3, () => 0.99));
  });

  it("given a token the hub refuses (1008), when a name is known, then it forgets the token and joins afresh", () => {
    const storage = memoryStorage();
    new TokenStore(storage).setSeat("BCDF", { room: "BCDF", token: "stale" });
    const { sockets, clock, tokens } = setup({ role: "player", room: "BCDF", name: "Ana" }, storage);
    sockets[0].open();
    sockets[0].drop(1008);
    expect(tokens.seat("BCDF")).toBeNull();
    clock.advance(0);
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ role: "player", name: "Ana" });
  });

  it.each([
    [4004, "not_found"],
    [4410, "room_closed"],
    [4001, "replaced"],
  ])("given close code %i, then it stops with reason %s and does not retry", (code, reason) => {
    const { conn, sockets, clock, statuses } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive(welcomePlayer);
    sockets[0].drop(code);
    clock.advance(60000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe("ended");
    expect(conn.endReason).toBe(reason);
  });

  it("given a draining server (4503), then it reconnects at once", () => {
    const { sockets, clock } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" });
    sockets[0].drop(4503);
    clock.advance(0);
    expect(sockets).toHaveLength(2);
  });

  it("given an error before welcome (a locked room), when the socket closes, then it stops and keeps the reason", () => {
    const { conn, sockets, clock } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive({ t: "error", code: "room/locked", message: "the room is locked" });
    sockets[0].drop(1000);
    clock.advance(60000);
    expect(sockets).toHaveLength(1);
    expect(conn.endReason).toBe("rejected");
    expect(conn.lastError?.code).toBe("room/locked");
  });

  it("matches acks and errors to requests by sequence number", async () => {
    const { conn, sockets } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive(welcomePlayer);
    const ok = conn.sendCommand({ type: "ChooseCut", line: 4 });
    const bad = conn.sendCommand({ type: "ChooseCut", line: 9 });
    const [first, second] = sockets[0].sent.slice(1);
    expect(first).toEqual({ t: "cmd", seq: 1, cmd: { type: "ChooseCut", line: 4 } });
    sockets[0].receive({ t: "error", seq: second.seq, code: "move/illegal", message: "no such line" });
    sockets[0].receive({ t: "ack", seq: first.seq });
    await expect(ok).resolves.toBeUndefined();
    await expect(bad).rejects.toMatchObject({ code: "move/illegal" });
  });

  it("rejects requests made while offline, and pending ones when the link drops", async () => {
    const { conn, sockets } = setup({ role: "host" });
    await expect(conn.host("start")).rejects.toMatchObject({ code: "net/offline" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "host", token: "h" });
    const pending = conn.host("start");
    sockets[0].drop(1006);
    await expect(pending).rejects.toMatchObject({ code: "net/disconnected" });
  });

  it("resolves a hint request with the hub's hint", async () => {
    const { conn, sockets } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive(welcomePlayer);
    const hint = conn.hint();
    const frame = sockets[0].sent.at(-1)!;
    expect(frame).toMatchObject({ t: "hint" });
    sockets[0].receive({ t: "hint", seq: frame.seq, hint: { text: "try 1/2 + 1/4" } });
    await expect(hint).resolves.toEqual({ text: "try 1/2 + 1/4" });
  });

  it("given a state, when a message brings an ack and changes, then the request resolves and the view is shown once", async () => {
    const { conn, sockets, states } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive(welcomePlayer);
    sockets[0].receive({ t: "state", v: 1, room: "BCDF", version: 5, lobby: {}, you: {}, game: { n: [0, 0] }, outcome: null });
    const sent = conn.sendCommand({ type: "Pick", number: 1 });
    sockets[0].receiveMany([
      { t: "ack", seq: 1 },
      { t: "change", v: 2, base: 1, ops: [[["version"], 6], [["game", "n", 0], 1]] },
      { t: "change", v: 2, base: 2, ops: [[["legal"], []]] },
    ]);
    await sent;
    expect(states).toHaveLength(2);
    expect(states[1]).toMatchObject({ t: "state", version: 6, game: { n: [1, 0] }, legal: [] });
  });

  it("given a change that does not follow the view it holds, then it drops the socket and rejoins at once", () => {
    const { sockets, clock, states, statuses } = setup({ role: "player", room: "BCDF", name: "Ana" });
    sockets[0].open();
    sockets[0].receive(welcomePlayer);
    sockets[0].receive({ t: "state", v: 1, room: "BCDF", version: 5, lobby: {}, you: {}, game: null, outcome: null });
    sockets[0].receive({ t: "change", v: 3, base: 2, ops: [[["version"], 7]] });
    expect(states).toHaveLength(1);
    expect(statuses.at(-1)).toBe("reconnecting");
    clock.advance(0);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ role: "player", room: "BCDF", token: "secret-seat" });
  });

  it("ignores a state older than one already shown", () => {
    const { sockets, states } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" });
    const state = (version: number) => ({ t: "state", room: "BCDF", version, lobby: {}, you: {}, game: null, outcome: null });
    sockets[0].receive(state(5));
    sockets[0].receive(state(4));
    sockets[0].receive(state(6));
    expect(states.map((s) => (s as { version: number }).version)).toEqual([5, 6]);
  });

  it("given a quiet link, when a second passes in silence, then it pings, and an answered ping keeps it open", () => {
    const { sockets, clock, statuses } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" });
    clock.advance(750);
    expect(sockets[0].sent.filter((f) => f.t === "ping")).toHaveLength(0);
    clock.advance(500);
    const ping = sockets[0].sent.at(-1)!;
    expect(ping).toMatchObject({ t: "ping" });
    sockets[0].receive({ t: "ack", seq: ping.seq });
    clock.advance(2000);
    expect(statuses.at(-1)).toBe("open");
    expect(sockets).toHaveLength(1);
  });

  it("given a link gone silent, then within 2.5 s it says reconnecting and opens a new socket after a short backoff", () => {
    const { sockets, clock, statuses } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" });
    clock.advance(2250);
    expect(statuses.at(-1)).toBe("open");
    clock.advance(250);
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(sockets[0].closedWith).not.toBeNull();
    clock.advance(backoffMs(0, () => 0.99));
    expect(sockets).toHaveLength(2);
  });

  it("given a hello nobody answers, then the socket is given up and another one tried", () => {
    const { sockets, clock } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    clock.advance(5750);
    expect(sockets).toHaveLength(1);
    clock.advance(250 + backoffMs(0, () => 0.99));
    expect(sockets[0].closedWith).not.toBeNull();
    expect(sockets).toHaveLength(2);
  });

  it("given a hub that keeps sending it away (4503 before any welcome), then it backs off after the first retry", () => {
    const { sockets, clock } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" });
    sockets[0].drop(4503);
    clock.advance(0);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].drop(4503);
    clock.advance(0);
    expect(sockets).toHaveLength(2);
    clock.advance(backoffMs(0, () => 0.99));
    expect(sockets).toHaveLength(3);
  });

  it("given a TV with a stored room, when it opens, then it asks for that room back with the host token", () => {
    const storage = memoryStorage();
    new TokenStore(storage).setHost({ room: "KMNP", token: "host-secret" });
    const { sockets } = setup({ role: "host" }, storage);
    sockets[0].open();
    expect(sockets[0].sent[0]).toEqual({ t: "hello", v: 1, role: "host", room: "KMNP", token: "host-secret" });
  });

  it("given a TV whose stored room is gone (4004), then it creates a new room at once", () => {
    const storage = memoryStorage();
    new TokenStore(storage).setHost({ room: "KMNP", token: "host-secret" });
    const { sockets, clock, tokens } = setup({ role: "host" }, storage);
    sockets[0].open();
    sockets[0].drop(4004);
    clock.advance(0);
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual({ t: "hello", v: 1, role: "host" });
    expect(tokens.host()).toBeNull();
  });

  it("given a TV showing its room, when it comes back after the room ended (4004 or 4410), then it says the room has ended and opens no new room", () => {
    for (const close of [4004, 4410]) {
      const { conn, sockets, clock, tokens } = setup({ role: "host" });
      sockets[0].open();
      sockets[0].receive({ t: "welcome", v: 1, room: "KMNP", role: "host", token: "host-secret" });
      sockets[0].drop(1006); // offline; meanwhile the host phone ends the room
      clock.advance(2000);
      sockets[1].open();
      expect(sockets[1].sent[0]).toEqual({ t: "hello", v: 1, role: "host", room: "KMNP", token: "host-secret" });
      sockets[1].receive({ t: "error", seq: null, code: close === 4004 ? "room/not_found" : "room/closed", message: "gone" });
      sockets[1].drop(close);
      clock.advance(60000);
      expect(sockets).toHaveLength(2); // no hello for a new room: "Start over" is its person's choice
      expect(conn.status).toBe("ended");
      expect(conn.endReason).toBe("room_closed"); // the words a TV online at the end is shown
      expect(tokens.host()).toBeNull();
      expect(tokens.hostFor("KMNP")).toBeNull();
      expect(tokens.tabRoom()).toBeNull(); // so "Start over" (a reload) opens a new room
    }
  });

  it("given a tab reloaded while its room ended, then it says the room has ended too; a page opened afresh sets a new room instead", () => {
    const shared = memoryStorage();
    const tab = memoryStorage();
    const before = setup({ role: "host" }, shared, tab);
    before.sockets[0].open();
    before.sockets[0].receive({ t: "welcome", v: 1, room: "KMNP", role: "host", token: "host-secret" });
    before.conn.stop();
    // (the room ends; this tab reloads)
    const reloaded = setup({ role: "host" }, shared, tab);
    reloaded.sockets[0].open();
    expect(reloaded.sockets[0].sent[0]).toMatchObject({ room: "KMNP", token: "host-secret" });
    reloaded.sockets[0].drop(4004);
    reloaded.clock.advance(60000);
    expect(reloaded.sockets).toHaveLength(1);
    expect(reloaded.conn.endReason).toBe("room_closed");
    expect(new TokenStore(shared, tab).resumeHost()).toBeNull();
    // a page opened afresh in another tab, whose only room is the browser's last one, long gone: a new room at once
    const shared2 = memoryStorage();
    new TokenStore(shared2).setHost({ room: "KMNP", token: "host-secret" });
    const fresh = setup({ role: "host" }, shared2);
    fresh.sockets[0].open();
    fresh.sockets[0].drop(4004);
    fresh.clock.advance(0);
    fresh.sockets[1].open();
    expect(fresh.sockets[1].sent[0]).toEqual({ t: "hello", v: 1, role: "host" });
    expect(fresh.conn.status).toBe("connecting");
  });

  it("given another tab opened a newer room, when this tab reloads, then it asks for its own room back, not the newer one", () => {
    const shared = memoryStorage(); // localStorage: one per browser
    const mine = memoryStorage(); // sessionStorage: one per tab
    const other = memoryStorage();
    // this tab showed KMNP; the other tab then opened BCDF, the browser's last room
    const here = setup({ role: "host" }, shared, mine);
    here.sockets[0].open();
    here.sockets[0].receive({ t: "welcome", v: 1, room: "KMNP", role: "host", token: "kmnp-secret" });
    const there = setup({ role: "host", fresh: true }, shared, other);
    there.sockets[0].open();
    expect(there.sockets[0].sent[0]).toEqual({ t: "hello", v: 1, role: "host" });
    there.sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "host", token: "bcdf-secret" });
    expect(new TokenStore(shared).host()?.room).toBe("BCDF");
    // the reload: a new page in the same tab
    here.conn.stop();
    const again = setup({ role: "host" }, shared, mine);
    again.sockets[0].open();
    expect(again.sockets[0].sent[0]).toEqual({ t: "hello", v: 1, role: "host", room: "KMNP", token: "kmnp-secret" });
    // while a new tab, with no room of its own, resumes the browser's last room
    const fresh = setup({ role: "host" }, shared, memoryStorage());
    fresh.sockets[0].open();
    expect(fresh.sockets[0].sent[0]).toEqual({ t: "hello", v: 1, role: "host", room: "BCDF", token: "bcdf-secret" });
  });

  it("given a room moved to this tab (welcomed with no new token), then the tab keeps it as its own for a reload", () => {
    const shared = memoryStorage();
    new TokenStore(shared).setHost({ room: "KMNP", token: "kmnp-secret" });
    new TokenStore(shared).setHost({ room: "BCDF", token: "bcdf-secret" });
    const tab = memoryStorage();
    const moved = setup({ role: "host" }, shared, tab);
    moved.sockets[0].open();
    expect(moved.sockets[0].sent[0]).toMatchObject({ room: "BCDF" });
    moved.sockets[0].receive({ t: "welcome", v: 1, room: "BCDF", role: "host", token: null });
    expect(new TokenStore(shared, tab).tabRoom()).toBe("BCDF");
  });

  /** A seated phone (its token stored) that the hub says goodbye to (`bye` with `reason`, then `close`); a minute later. */
  function byeToSeated(reason: string, close: number) {
    const storage = memoryStorage();
    new TokenStore(storage).setSeat("BCDF", { room: "BCDF", token: "mine" });
    const made = setup({ role: "player", room: "BCDF" }, storage);
    made.sockets[0].open();
    made.sockets[0].receive({ ...welcomePlayer, token: null });
    made.sockets[0].receive({ t: "bye", reason });
    made.sockets[0].drop(close);
    made.clock.advance(60000);
    return made;
  }

  it("given another tab took the seat (bye replaced, then 4001), then it ends as replaced, keeps its token and comes back only when asked", () => {
    const { conn, sockets, tokens } = byeToSeated("replaced", 4001);
    expect(sockets).toHaveLength(1);
    expect(conn.status).toBe("ended");
    expect(conn.endReason).toBe("replaced");
    expect(tokens.seat("BCDF")?.token).toBe("mine");
    // "Play here": the same hello, with the same token, once
    conn.retryNow();
    expect(conn.status).toBe("connecting");
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual({ t: "hello", v: 1, role: "player", room: "BCDF", token: "mine" });
    sockets[1].receive({ ...welcomePlayer, token: null });
    expect(conn.status).toBe("open");
  });

  it("given the host removed this player (bye removed, then 4003), then it ends as removed, forgets the seat and does not come back", () => {
    const { conn, sockets, tokens } = byeToSeated("removed", 4003);
    expect(sockets).toHaveLength(1);
    expect(conn.status).toBe("ended");
    expect(conn.endReason).toBe("removed");
    expect(tokens.seat("BCDF")).toBeNull();
  });

  it("given the hub closed the room (bye), then the TV forgets its token", () => {
    const { sockets, tokens, conn } = setup({ role: "host" });
    sockets[0].open();
    sockets[0].receive({ t: "welcome", v: 1, room: "KMNP", role: "host", token: "h" });
    expect(tokens.host()?.room).toBe("KMNP");
    sockets[0].receive({ t: "bye", reason: "room_closed" });
    expect(tokens.host()).toBeNull();
    expect(conn.endReason).toBe("room_closed");
  });
});
