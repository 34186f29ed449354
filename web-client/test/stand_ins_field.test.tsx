// The host's stand-ins box sends what it now says: a host who clicks twice
// before the room's answer to the first click comes asks "off" then "on",
// never "off" twice (the box used to send the opposite of the room's last
// word, which had not changed yet).
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import type { Lobby } from "../src/net/wire";
import { StandInsField } from "../src/screens/HostMenu";
import { mountPoint } from "./dom";

const root = mountPoint();

function lobby(standIns: boolean): Lobby {
  return { phase: "playing", host_connected: true, locked: false, game: "pizza_theory", options: {}, players: [], spectators: 0, stand_ins: standIns };
}

describe("the stand-ins box", () => {
  it("given two clicks before the room answers, then it asks off and then on", () => {
    const ops: string[] = [];
    const host = { op: (op: string) => void ops.push(op) };
    act(() => render(<StandInsField lobby={lobby(true)} host={host} />, root()));
    const box = root().querySelector<HTMLInputElement>("#stand-ins")!;
    expect(box.checked).toBe(true);
    act(() => box.click());
    act(() => box.click());
    expect(ops).toEqual(["no_stand_ins", "allow_stand_ins"]);
  });

  it("given the room's answer, then a click asks for the other way", () => {
    const ops: string[] = [];
    const host = { op: (op: string) => void ops.push(op) };
    act(() => render(<StandInsField lobby={lobby(false)} host={host} />, root()));
    act(() => root().querySelector<HTMLInputElement>("#stand-ins")!.click());
    expect(ops).toEqual(["allow_stand_ins"]);
  });
});
