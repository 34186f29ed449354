// A Splittissimo hint answers one moment of the game (party audit: a hint asked in the countdown said
// "Nothing to play right now: wait for your turn." and stayed up beside "Your turn" for minutes).  The
// answer goes once the moment it was about has passed, and stays while nothing it speaks of changed.
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import type { Command } from "../src/net/wire";
import { SplittissimoHand, hintMoment } from "../src/games/splittissimo/Hand";
import { S } from "../src/strings";
import { mountPoint } from "./dom";

const root = mountPoint();

const order = (id: number, text: string) => {
  const [s, o] = text.split("/").map(Number);
  return { id, kind: "order", text, amount: text, slices: s, of: o, toppings: ["mushroom"], dots: 1 };
};
const pizza = (id: number, text: string) => ({ ...order(id, text), kind: "pizza" });

const inWindow = {
  level: "standard",
  phase: "window",
  turn: 7,
  active: 0,
  window: { turn: 7, ms: 3000, since: 0 },
  tricks_this_turn: 0,
  hand: [order(1, "1/8"), order(2, "4/8")],
  piles: [{ top: pizza(10, "6/8"), size: 5 }, { top: pizza(11, "1/2"), size: 5 }],
};
const turnBegun = { ...inWindow, phase: "turn", window: null };
const pass: Command[] = [{ type: "Pass" }];

function draw(game: Record<string, unknown>, legal: Command[], hint: () => Promise<unknown>) {
  render(<SplittissimoHand game={game} lobby={{} as never} players={[]} seat={0} legal={legal} send={async () => {}} hint={hint} hints={{ left: 3, off: false }} />, root());
}

async function askHint() {
  const button = [...root().querySelectorAll("button")].find((b) => b.textContent?.startsWith("Show me a hint"))!;
  await act(async () => {
    button.click();
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe("a hint lasts as long as the moment it answered", () => {
  it("asked in the countdown, it goes when the turn begins", async () => {
    await act(() => draw(inWindow, [], async () => null));
    await askHint();
    expect(root().querySelector(".sp-advice")?.textContent).toBe(S.sp_nothingToDo);
    // (the same moment drawn again, a new object as after a patch: the answer stays)
    await act(() => draw({ ...inWindow }, [], async () => null));
    expect(root().querySelector(".sp-advice")).not.toBeNull();
    // the countdown ends: the same turn, now this seat's to play
    await act(() => draw(turnBegun, pass, async () => null));
    expect(root().querySelector(".sp-advice")).toBeNull();
    expect(root().textContent).not.toContain(S.sp_nothingToDo);
  });

  it("asked on the turn, it stays until a card moves or what may be done changes", async () => {
    const hint = { kind: "pass", type: "Hint" };
    await act(() => draw(turnBegun, pass, async () => hint));
    await askHint();
    const said = root().querySelector(".sp-advice")?.textContent;
    expect(said).toBeTruthy();
    await act(() => draw({ ...turnBegun }, [...pass], async () => hint));
    expect(root().querySelector(".sp-advice")?.textContent).toBe(said);
    // a card drawn into the hand: another moment
    await act(() => draw({ ...turnBegun, hand: [...turnBegun.hand, order(3, "3/4")] }, pass, async () => hint));
    expect(root().querySelector(".sp-advice")).toBeNull();
  });

  it("tells moments apart by the game, not by the room's version", () => {
    expect(hintMoment(inWindow, [])).not.toBe(hintMoment(turnBegun, pass));
    expect(hintMoment(turnBegun, pass)).toBe(hintMoment({ ...turnBegun }, [{ type: "Pass" }]));
    expect(hintMoment(turnBegun, pass)).not.toBe(hintMoment({ ...turnBegun, tricks_this_turn: 1 }, pass));
    expect(hintMoment(turnBegun, pass)).not.toBe(hintMoment({ ...turnBegun, active: 1 }, pass));
  });
});
