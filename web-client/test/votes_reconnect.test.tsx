// A screen that comes back after a dropped link forgets the audience vote it held (the audit's F6).
// While the TV (or a watch page) was offline the host stopped the game: the vote's `clear` went to a
// socket that was gone, and the hub greets a new socket with the vote that is on now, if any, so a
// board kept across the reconnect showed the old game's vote for good ("orange 0 · blue 0 …").
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { Connection } from "../src/net/connection";
import { TokenStore } from "../src/net/tokens";
import { useVoteBoard, useWatchVotes } from "../src/votes/Votes";
import type { VoteBoard } from "../src/votes/model";
import { FakeClock, FakeSocket, memoryStorage } from "./fakes";
import { mountPoint } from "./dom";

const root = mountPoint();

function vote(q: number, status = "open") {
  return { t: "votes", q, status, kind: "colour", about: null, options: ["orange", "blue", "none"], counts: {}, total: 0, v: 5, answer: null };
}

/** What the TV's hook and the watch page's hook hold, side by side. */
function Boards({ conn }: { conn: Connection }) {
  const tv = useVoteBoard(conn);
  const watch = useWatchVotes(conn, "BCDF").board;
  const said = (board: VoteBoard) => `${board.current?.q ?? "-"}/${board.result?.q ?? "-"}`;
  return <p>{`tv ${said(tv)} watch ${said(watch)}`}</p>;
}

function setup(identity: { role: "host" } | { role: "spectator"; room: string }) {
  const sockets: FakeSocket[] = [];
  const clock = new FakeClock();
  const conn = new Connection({
    url: "ws://hub/ws",
    identity,
    tokens: new TokenStore(memoryStorage()),
    clock,
    random: () => 0.5,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  act(() => render(<Boards conn={conn} />, root()));
  conn.start();
  return { conn, sockets, clock };
}

/** The link drops; the next socket opens after its backoff. */
function reconnect(sockets: FakeSocket[], clock: FakeClock): FakeSocket {
  act(() => sockets.at(-1)!.drop(1006));
  clock.advance(2000);
  const next = sockets.at(-1)!;
  next.open();
  return next;
}

describe("the vote board after a reconnect", () => {
  it("given a vote open when the link dropped, when the new welcome comes with no vote on, then neither the TV nor the watch page shows it", () => {
    const { sockets, clock } = setup({ role: "spectator", room: "BCDF" });
    sockets[0].open();
    act(() => sockets[0].receiveMany([{ t: "welcome", v: 1, room: "BCDF", role: "spectator" }, vote(3)]));
    expect(root().textContent).toBe("tv 3/- watch 3/-");
    // (offline meanwhile: the game was stopped, and the vote's clear went to the old socket)
    const next = reconnect(sockets, clock);
    act(() => next.receive({ t: "welcome", v: 1, room: "BCDF", role: "spectator" }));
    expect(root().textContent).toBe("tv -/- watch -/-");
  });

  it("given a result showing when the link dropped, when the hub greets the new socket with the vote open now, then only that one shows", () => {
    const { sockets, clock } = setup({ role: "host" });
    sockets[0].open();
    act(() =>
      sockets[0].receiveMany([{ t: "welcome", v: 1, room: "BCDF", role: "host", token: "h" }, vote(3, "result"), vote(4)]),
    );
    expect(root().textContent).toBe("tv 4/3 watch 4/3");
    const next = reconnect(sockets, clock);
    // (the welcome, then the hub's greeting: the open vote, in the same message)
    act(() => next.receiveMany([{ t: "welcome", v: 1, room: "BCDF", role: "host", token: null }, vote(5)]));
    expect(root().textContent).toBe("tv 5/- watch 5/-");
  });
});
