// While a seated player's phone has dropped and no bot plays for them yet, the other screens say so
// (the audit found every other phone saying only "Waiting for Zoë").  The room sends no due time for
// the stand-in, so the line says "soon", never a countdown; with stand-ins off it promises no bot.
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import type { LobbyPlayer } from "../src/net/wire";
import { BotPlaysLine } from "../src/ui/common";
import { droppedSeats } from "../src/ui/presence";
import { mountPoint } from "./dom";

const root = mountPoint();

function person(id: number, name: string, extra: Partial<LobbyPlayer> = {}): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, presence: "connected", seat: id, ...extra } as LobbyPlayer;
}

const zoeAway = person(1, "Zoë", { connected: false, presence: "away" });

describe("a seated phone that dropped", () => {
  it("given Zoë away with no bot yet, then the others read that a bot will play for her soon", () => {
    act(() => render(<BotPlaysLine players={[person(0, "Ana"), zoeAway]} exclude={0} />, root()));
    expect(root().textContent).toBe("Zoë's phone dropped: a bot takes over soon");
    expect(root().textContent).not.toMatch(/\d/);
  });

  it("given stand-ins turned off, then no bot is promised", () => {
    act(() => render(<BotPlaysLine players={[person(0, "Ana"), zoeAway]} standIns={false} />, root()));
    expect(root().textContent).toBe("Zoë's phone dropped: waiting for Zoë to come back");
  });

  it("given a bot already playing for her, or her not seated, then only the stand-in line (or nothing) shows", () => {
    const standing = person(1, "Zoë", { connected: false, presence: "absent", stand_in: true });
    act(() => render(<BotPlaysLine players={[person(0, "Ana"), standing]} />, root()));
    expect(root().textContent).toBe("A bot is playing for Zoë");
    expect(droppedSeats([person(2, "Sam", { connected: false, presence: "away", seat: null })])).toEqual([]);
    expect(droppedSeats([person(3, "Bot 1", { bot: "strong", human: false, connected: false })])).toEqual([]);
  });
});

describe("several seated phones that dropped", () => {
  it("given two away, then one line names both", () => {
    const benAway = person(2, "Ben", { connected: false, presence: "away" });
    act(() => render(<BotPlaysLine players={[person(0, "Ana"), zoeAway, benAway]} />, root()));
    expect(root().querySelectorAll(".dropped-line")).toHaveLength(1);
    expect(root().textContent).toBe("The phones of Zoë and Ben dropped: bots take over soon");
  });
});
