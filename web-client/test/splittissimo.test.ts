import { describe, expect, it } from "vitest";
import { splittissimoUi } from "../src/games/splittissimo";
import { endReason, mixedNumber, scoreBreakdown, scoreText, turnPrompt } from "../src/games/splittissimo/text";

const names = ["Ana", "Ben", "Cleo"];
const nameOf = (seat: number) => names[seat];

describe("Splittissimo end message (RULES-NOTES 3.2, 3.3)", () => {
  it("says why the game ended", () => {
    expect(endReason("all_delivered", "standard")).toMatch(/no Pizza card is left/);
    expect(endReason("deck_empty", "standard")).toMatch(/Order deck ran out/);
    expect(endReason("deck_empty", "easy")).toMatch(/^The deck ran out/);
    expect(endReason("deck_empty", "easy")).not.toMatch(/pizza is delivered/i);
  });
});

describe("amounts as children read them", () => {
  it("writes improper fractions as mixed numbers", () => {
    expect(mixedNumber("27/2")).toBe("13 1/2");
    expect(mixedNumber("3/4")).toBe("3/4");
    expect(mixedNumber("4")).toBe("4");
    expect(mixedNumber("8/8")).toBe("1");
    expect(mixedNumber("0")).toBe("0");
    expect(mixedNumber("-1/8")).toBe("-1/8");
    expect(mixedNumber("-9/8")).toBe("-1 1/8");
  });

  it("shows the advanced breakdown part by part", () => {
    expect(scoreBreakdown({ delivered: "27/2", orders: "5/8", specials: 1, total: "95/8" })).toEqual({
      delivered: "13 1/2",
      orders: "5/8",
      specials: "1",
      total: "11 7/8",
    });
  });
});

describe("the phone's prompt during a reaction window", () => {
  const windowOpen = { phase: "window", active: 0, window: { turn: 3, ms: 3000 } };
  const cancel = { type: "PlayCancelledOrder", card: 70, turn: 3 };

  it("never tells a phone holding a Cancelled Order that it is its turn", () => {
    const p = turnPrompt(windowOpen, [cancel], 1, nameOf)!;
    expect(p.text).not.toMatch(/your turn/i);
    expect(p.text).toContain("Ana's turn");
    expect(p.text).toMatch(/cancel/i);
    expect(p.mine).toBe(true);
  });

  it("tells the active player the turn starts after the countdown, not to wait for the others", () => {
    const p = turnPrompt(windowOpen, [], 0, nameOf)!;
    expect(p.text).toMatch(/your turn starts when the countdown ends/i);
    expect(p.text).not.toMatch(/waiting for the others/i);
    expect(p.mine).toBe(false);
  });

  it("names whose turn it is for a phone with nothing to play", () => {
    expect(turnPrompt(windowOpen, [], 2, nameOf)).toEqual({ mine: false, text: "Ana's turn is about to start." });
    expect(turnPrompt({ phase: "turn", active: 1, window: null }, [], 2, nameOf)).toEqual({ mine: false, text: "Ben's turn" });
  });

  it("says your turn once the window closed", () => {
    expect(turnPrompt({ phase: "turn", active: 1, window: null }, [{ type: "Pass" }], 1, nameOf)).toEqual({ mine: true, text: "Your turn" });
  });

  it("says nothing once the game is over", () => {
    expect(turnPrompt({ phase: "over", active: 0, window: null }, [], 0, nameOf)).toBeNull();
  });
});

describe("the end panel's scores", () => {
  const part = { delivered: "27/2", orders: "5/8", specials: 1, total: "95/8" };

  it("shows the advanced breakdown: delivered minus orders minus special cards", () => {
    expect(scoreText(part, "advanced")).toBe("11 7/8 = 13 1/2 delivered − 5/8 orders − 1 special");
    expect(scoreText({ ...part, specials: 2, total: "87/8" }, "advanced")).toContain("− 2 specials");
  });

  it("shows just the mixed number below advanced", () => {
    expect(scoreText({ delivered: "27/2", orders: "0", specials: 0, total: "27/2" }, "standard")).toBe("13 1/2");
  });
});

describe("the phone's prompt, wired through the game's ui", () => {
  it("is what Splittissimo's ui offers the phone screen", () => {
    expect(splittissimoUi.prompt).toBe(turnPrompt);
  });
});
