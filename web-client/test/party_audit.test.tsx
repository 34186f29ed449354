// The party-night audit's findings on the shared parts of the client: every player in a room has a look of
// their own (an eighth player no longer looks like the first), the host phone's player rows wrap rather than
// run past the screen, the audience's portion votes wear letters (never a player's mark), a refused reclaim
// code keeps the phone on the code form, and a phone's announcements sit under its header, not over it.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Lobby, LobbyPlayer, StateFrame, VotesFrame } from "../src/net/wire";
import { LOOK_COUNT, lookAt, lookFor, looksOf, PALETTE, RosterContext, SHAPES, seatLook } from "../src/ui/players";
import { PlayerChip } from "../src/ui/common";
import { PlayersPanel } from "../src/screens/Lobby";
import { TvVotePanel, WatchVoteCard, type WatchVotes } from "../src/votes/Votes";
import { Joined, PhoneScreen } from "../src/screens/PhoneScreen";
import { S, errorText } from "../src/strings";
import { FakeSocket } from "./fakes";
import { mountPoint } from "./dom";

const root = mountPoint();

function person(id: number, name = `P${id}`, extra: Partial<LobbyPlayer> = {}): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, seat: null, presence: "connected", ...extra };
}

const pair = (l: { colour: string; shape: string }) => `${l.colour} ${l.shape}`;

describe("a look for each player in the room", () => {
  it("gives 49 different colour-and-shape pairs, the first seven in seven colours and seven shapes", () => {
    expect(LOOK_COUNT).toBe(49);
    const all = Array.from({ length: LOOK_COUNT }, (_, i) => lookAt(i));
    expect(new Set(all.map(pair)).size).toBe(49);
    const first = all.slice(0, 7);
    expect(new Set(first.map((l) => l.colour)).size).toBe(7);
    expect(new Set(first.map((l) => l.shape)).size).toBe(7);
    // the eighth comes back to the first colour, with another shape
    expect(all[7].colour).toBe(all[0].colour);
    expect(all[7].shape).not.toBe(all[0].shape);
  });

  it("never gives player 7 the look of player 0 (the audit's 'TV Host' in Ana's orange circle)", () => {
    const room = Array.from({ length: 8 }, (_, i) => person(i));
    expect(pair(lookFor(room, 7))).not.toBe(pair(lookFor(room, 0)));
  });

  it("keeps every pair apart in a full room of 12, whatever their ids", () => {
    const ids = [0, 2, 3, 7, 9, 14, 15, 16, 21, 28, 35, 42];
    const room = ids.map((id) => person(id));
    expect(new Set(ids.map((id) => pair(lookFor(room, id)))).size).toBe(12);
    // the first seven by id: seven colours and seven shapes, however sparse their ids
    const seven = ids.slice(0, 7).map((id) => lookFor(room, id));
    expect(new Set(seven.map((l) => l.colour)).size).toBe(7);
    expect(new Set(seven.map((l) => l.shape)).size).toBe(7);
  });

  it("goes by id, not by the list's order", () => {
    const room = [person(5, "Cy"), person(1, "Ana"), person(3, "Bo")];
    expect(pair(lookFor(room, 1))).toBe(pair(lookAt(0)));
    expect(pair(lookFor(room, 3))).toBe(pair(lookAt(1)));
    expect(pair(lookFor(room, 5))).toBe(pair(lookAt(2)));
    expect([...looksOf(room).keys()]).toEqual([1, 3, 5]);
  });

  it("keeps everyone's look when someone joins, or a phone goes away; only a removal moves the later ones", () => {
    const room = [person(0, "Ana"), person(1, "Bo"), person(2, "Cy")];
    const before = room.map((p) => pair(lookFor(room, p.id)));
    const joined = [...room, person(3, "Dee")];
    expect(room.map((p) => pair(lookFor(joined, p.id)))).toEqual(before);
    const away = [room[0], { ...room[1], connected: false, presence: "absent" as const }, room[2]];
    expect(away.map((p) => pair(lookFor(away, p.id)))).toEqual(before);
    const removed = [room[0], room[2]];
    expect(pair(lookFor(removed, 0))).toBe(before[0]);
    expect(pair(lookFor(removed, 2))).toBe(before[1]);
  });

  it("gives a seat or an id the list does not hold a look nobody listed has", () => {
    const room = Array.from({ length: 12 }, (_, i) => person(i, `P${i}`, { seat: i }));
    const taken = new Set(room.map((p) => pair(lookFor(room, p.id))));
    expect(taken.has(pair(lookFor(room, 99)))).toBe(false);
    const seated = room.slice(0, 5);
    expect(pair(seatLook(seated, 3))).toBe(pair(lookFor(seated, 3)));
    expect(new Set(seated.map((p) => pair(lookFor(seated, p.id)))).has(pair(seatLook(seated, 9)))).toBe(false);
  });
});

describe("a player's chip", () => {
  const chipLook = () => root().querySelector<HTMLElement>(".chip")!.dataset.look;

  it("takes its look from the screen's room", () => {
    const room = Array.from({ length: 8 }, (_, i) => person(i, i === 7 ? "TV Host" : `P${i}`));
    act(() =>
      render(
        <RosterContext.Provider value={room}>
          <PlayerChip player={room[7]} />
        </RosterContext.Provider>,
        root(),
      ),
    );
    const eighth = lookAt(7);
    expect(chipLook()).toBe(`${eighth.colourName} ${eighth.shape}`);
    expect(chipLook()).not.toBe(`${PALETTE[0].name} ${SHAPES[0]}`);
  });

  it("in the lobby, shows every player of a room of 12 with a look of their own", () => {
    const room = Array.from({ length: 12 }, (_, i) => person(i * 3));
    const lobby = { phase: "lobby", locked: false, game: null, options: {}, players: room, spectators: 0 } as unknown as Lobby;
    act(() =>
      render(
        <RosterContext.Provider value={room}>
          <PlayersPanel lobby={lobby} host={null} />
        </RosterContext.Provider>,
        root(),
      ),
    );
    const looks = [...root().querySelectorAll<HTMLElement>(".player-list .chip")].map((c) => c.dataset.look);
    expect(looks).toHaveLength(12);
    expect(new Set(looks).size).toBe(12);
  });
});

describe("the host phone's player rows", () => {
  it("keep each row's buttons together, after the name and its tags, so they wrap to the next line as one", () => {
    const room = [
      person(0, "Ana"),
      person(1, "Maximiliano Long"),
      person(2, "WWWWWWWWWWWWWWWW", { connected: false, presence: "absent" }),
      person(3, "Bot 1", { bot: "strong", human: false }),
    ];
    const lobby = {
      phase: "lobby",
      locked: false,
      game: "pizza_theory",
      options: {},
      players: room,
      spectators: 0,
      games: [{ id: "pizza_theory", title: "Pizza Theory", min_players: 2, max_players: 3, options: [] }],
    } as unknown as Lobby;
    const host = { op: () => {}, reclaim: () => new Promise<never>(() => {}) };
    act(() =>
      render(
        <RosterContext.Provider value={room}>
          <section class="phone-host">
            <PlayersPanel lobby={lobby} host={host} fromPhone inCharge me={0} />
          </section>
        </RosterContext.Provider>,
        root(),
      ),
    );
    const rows = [...root().querySelectorAll<HTMLElement>(".player-list .chip")];
    const groups = rows.map((chip) => [...chip.querySelectorAll(".chip-actions > button")].map((b) => b.textContent));
    expect(groups).toEqual([["Sit out"], ["Sit out", "✕"], ["Sit out", "New phone", "✕"], ["Sit out", "✕"]]);
    for (const chip of rows) {
      // every button is in the group, and the group is the chip's last part
      expect(chip.querySelectorAll("button").length).toBe(chip.querySelectorAll(".chip-actions button").length);
      expect(chip.lastElementChild!.classList.contains("chip-actions")).toBe(true);
    }
    // the whole name is there to read (its title too), never shortened in the words
    expect(rows[2].querySelector(".chip-name")!.textContent).toBe("WWWWWWWWWWWWWWWW");
  });
});

describe("the audience's portion votes", () => {
  const seated = Array.from({ length: 6 }, (_, i) => person(i, ["Ana", "Bo", "Max", "Queen", "Chloé", "W"][i], { seat: i }));
  const state = {
    t: "state",
    room: "CCXW",
    version: 5,
    lobby: { phase: "playing", locked: false, game: "new_york_slice", options: {}, players: seated, spectators: 1 },
    you: { player: null, seat: null },
    game: { round: 1 },
    outcome: null,
  } as unknown as StateFrame;
  const vote: VotesFrame = {
    t: "votes",
    q: 3,
    status: "open",
    kind: "portion",
    about: 3,
    options: ["0", "1", "2", "3", "4", "5"],
    counts: { "0": 2 },
    total: 2,
    v: 5,
    answer: null,
  };

  it("wear the table's letters on the TV, and no player's mark", () => {
    act(() => render(<TvVotePanel board={{ current: vote, result: null }} state={state} />, root()));
    const bars = [...root().querySelectorAll(".vote-bar")];
    expect(bars.map((b) => b.querySelector<HTMLElement>(".vote-letter")?.dataset.letter)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(root().querySelectorAll(".vote-bar svg.mark")).toHaveLength(0);
  });

  it("wear them on the watch page's buttons too", () => {
    const votes: WatchVotes = { board: { current: vote, result: null }, stored: () => null, choose: () => {}, error: null };
    act(() => render(<WatchVoteCard votes={votes} state={state} />, root()));
    const buttons = [...root().querySelectorAll<HTMLButtonElement>(".vote-option")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Portion A", "Portion B", "Portion C", "Portion D", "Portion E", "Portion F"]);
    expect(buttons.map((b) => b.querySelector<HTMLElement>(".vote-letter")?.dataset.letter)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(root().querySelectorAll(".vote-option svg.mark")).toHaveLength(0);
    // the badge is a picture of the words beside it: the button is read as "Portion A" alone
    expect(buttons[0].querySelector(".vote-letter")!.getAttribute("aria-hidden")).toBe("true");
  });
});

describe("the audience's seat votes after a player was removed mid-game", () => {
  it("name the removed player's seat and give everyone the look they have at the table", () => {
    const seated = [person(0, "Ana", { seat: 0 }), person(2, "Cy", { seat: 2 })];
    const state = {
      t: "state",
      room: "CCXW",
      version: 9,
      lobby: { phase: "playing", locked: false, game: "splittissimo", options: {}, players: seated, removed: [{ id: 1, name: "Bo", seat: 1 }], spectators: 1 },
      you: { player: null, seat: null },
      game: { round: 1 },
      outcome: null,
    } as unknown as StateFrame;
    const vote = { t: "votes", q: 4, status: "open", kind: "seat", about: null, options: ["0", "1", "2"], counts: {}, total: 0, v: 9, answer: null } as unknown as VotesFrame;
    const votes: WatchVotes = { board: { current: vote, result: null }, stored: () => null, choose: () => {}, error: null };
    act(() => render(<WatchVoteCard votes={votes} state={state} />, root()));
    const buttons = [...root().querySelectorAll<HTMLButtonElement>(".vote-option")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Ana", "Bo", "Cy"]);
    // each wears the look of their place in the room, Bo's place kept: Cy the third's, not Bo's
    const fills = buttons.map((b) => b.querySelector("svg.mark [fill]")?.getAttribute("fill"));
    expect(fills).toEqual([lookAt(0).colour, lookAt(1).colour, lookAt(2).colour]);
  });
});

function stubSockets(): FakeSocket[] {
  const real = globalThis.WebSocket;
  const sockets: FakeSocket[] = [];
  beforeEach(() => {
    sockets.length = 0;
    localStorage.clear();
    globalThis.WebSocket = class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    } as unknown as typeof WebSocket;
  });
  afterEach(() => {
    globalThis.WebSocket = real;
  });
  return sockets;
}

describe("a phone's announcements", () => {
  const sockets = stubSockets();

  function lobby(version: number, notices: unknown[]) {
    return {
      t: "state",
      room: "CCXW",
      version,
      lobby: {
        phase: "lobby",
        host_connected: true,
        locked: false,
        game: null,
        options: {},
        players: [person(1, "Ana", { connected: false, presence: "away" }), person(2, "Bo")],
        spectators: 0,
        host_phone: 2,
        authority: { kind: "phone", player: 2 },
        notices,
      },
      you: { player: 2, seat: null },
      game: null,
      outcome: null,
    };
  }

  it("show right under the header, in the page's flow, not over it (its Host menu included)", async () => {
    act(() => render(<Joined identity={{ role: "player", room: "CCXW", name: "Bo" }} onLeave={() => {}} />, root()));
    act(() => sockets[0].open());
    act(() => {
      sockets[0].receive({ t: "welcome", v: 1, room: "CCXW", role: "player", player: 2, token: "bo-seat" });
      sockets[0].receive(lobby(1, []));
    });
    act(() => sockets[0].receive(lobby(2, [{ n: 2, kind: "host_changed", player: 2, name: "Bo", by: null }])));
    await act(async () => {});
    const header = root().querySelector(".phone-main > .phone-header")!;
    expect(header).not.toBeNull();
    const next = header.nextElementSibling!;
    expect(next.classList.contains("notices-phone")).toBe(true);
    expect(next.textContent).toBe(S.noticeYouHost);
    expect(root().querySelectorAll(".notices")).toHaveLength(1);
  });
});

describe("a refused reclaim code", () => {
  const sockets = stubSockets();

  const input = (id: string) => root().querySelector<HTMLInputElement>(`#${id}`);
  const type = (el: HTMLInputElement, text: string) =>
    act(() => {
      el.value = text;
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  const button = (text: string) => [...root().querySelectorAll("button")].find((b) => b.textContent === text)!;

  it("keeps the phone on the code form, the code typed and ready to retype, beside the error", async () => {
    act(() => render(<PhoneScreen code="CCXW" />, root()));
    act(() => button(S.reclaimLink).click());
    type(input("reclaim")!, "hknhmr");
    act(() => button(S.reclaimJoin).click());
    expect(sockets).toHaveLength(1);
    // the hub refuses the code (already used) and closes
    act(() => sockets[0].open());
    expect(sockets[0].sent[0]).toMatchObject({ t: "hello", room: "CCXW", reclaim: "HKNHMR" });
    act(() => {
      sockets[0].receive({ t: "error", code: "room/bad_reclaim", message: "no such code" });
      sockets[0].drop(1008);
    });
    await act(async () => {});
    expect(root().querySelector("[role=alert]")?.textContent).toBe(errorText("room/bad_reclaim"));
    expect(input("name")).toBeNull();
    expect(input("reclaim")!.value).toBe("HKNHMR");
    expect(input("code")!.value).toBe("CCXW");
    expect(document.activeElement).toBe(input("reclaim"));
    expect(button(S.reclaimJoin)).toBeDefined();
    // and the name form is one tap away, as before
    act(() => button(S.reclaimBack).click());
    expect(input("name")).not.toBeNull();
  });

  it("goes back to the name form after a refused name", async () => {
    act(() => render(<PhoneScreen code="CCXW" />, root()));
    type(input("name")!, "Ana");
    act(() => button(S.join).click());
    act(() => sockets[0].open());
    act(() => {
      sockets[0].receive({ t: "error", code: "room/name_taken", message: "taken", params: { name: "Ana" } });
      sockets[0].drop(1008);
    });
    await act(async () => {});
    expect(input("name")!.value).toBe("Ana");
    expect(input("reclaim")).toBeNull();
  });
});
