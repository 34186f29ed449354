// A trick a bot made for a player is said to be the bot's (the class audit: the turn timer's bot took a
// trick for Ben, and every phone said "Ben made a trick"). The screen judges when the trick appears: a
// bot plays the seat now, or a notice that a bot moved for that player came in the same change or
// earlier in the same turn. Ben's own trick in a later turn is his again.
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import type { LobbyPlayer, Notice } from "../src/net/wire";
import type { View } from "../src/games/types";
import { useTrickByBot } from "../src/games/splittissimo/Table";
import { mountPoint } from "./dom";

const root = mountPoint();

function person(id: number, name: string, extra: Partial<LobbyPlayer> = {}): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, seat: id, presence: "connected", ...extra };
}

const players = [person(0, "Ada"), person(1, "Ben")];
const trick = (seat: number, card: number) => ({ seat, special: false, text: "1/2 = 2/4", hand: [{ id: card }], table: [{ id: 100 + card }] });
const timedOut = (n: number): Notice => ({ n, kind: "timed_out", player: 1, name: "Ben", by: null });

let said: boolean | null = null;
function Probe({ game, who, notices }: { game: View; who: LobbyPlayer[]; notices: Notice[] }) {
  said = useTrickByBot(game, who, notices);
  return null;
}

function frame(game: Partial<View>, notices: Notice[], who = players): boolean {
  act(() => render(<Probe game={{ turn: 1, last_trick: null, ...game } as View} who={who} notices={notices} />, root()));
  return said!;
}

describe("who made the last trick", () => {
  it("a trick that comes with the turn timer's notice is the bot's; Ben's own later trick is his", () => {
    frame({ turn: 4 }, []);
    expect(frame({ turn: 5, last_trick: trick(1, 7) }, [timedOut(30)])).toBe(true);
    expect(frame({ turn: 5, last_trick: trick(1, 7) }, [timedOut(30)])).toBe(true); // the same trick, drawn again
    expect(frame({ turn: 6, last_trick: trick(0, 8) }, [timedOut(30)])).toBe(false); // Ada's
    expect(frame({ turn: 7, last_trick: trick(1, 9) }, [timedOut(30)])).toBe(false); // Ben's own, a later turn
  });

  it("a notice seen earlier in the same turn counts too", () => {
    frame({ turn: 2 }, []);
    frame({ turn: 3 }, [timedOut(12)]);
    expect(frame({ turn: 3, last_trick: trick(1, 5) }, [timedOut(12)])).toBe(true);
  });

  it("a stand-in's trick is the bot's; a page opened after a timer's trick cannot tell, and says it is Ben's", () => {
    frame({ turn: 2 }, []);
    const away = [players[0], person(1, "Ben", { connected: false, presence: "absent", stand_in: true })];
    expect(frame({ turn: 2, last_trick: trick(1, 3) }, [], away)).toBe(true);
    render(null, root());
    expect(frame({ turn: 9, last_trick: trick(1, 4) }, [timedOut(50)])).toBe(false);
  });
});
