// Splittissimo's words on the TV and in hints (issue 27): no amount said twice
// in a sum, a score said the way each language says it, card titles that fit.
import { afterEach, describe, expect, it } from "vitest";
import { hintText, sumText, titleSize } from "../src/games/splittissimo/text";
import { S, setLanguage } from "../src/strings";

afterEach(() => setLanguage("en", false));

describe("a trick's sum never repeats an amount", () => {
  it("drops a step that comes back later in the chain", () => {
    // Given the hub's chains that came back to where they started (games/splittissimo/tricks.py sum_text)
    expect(sumText("1/2 = 2/4 = 1/2")).toBe("1/2 = 2/4");
    expect(sumText("1/4 + 2/4 = 3/4 = 6/8 = 3/4")).toBe("1/4 + 2/4 = 3/4 = 6/8");
    expect(sumText("1/4 + 1/4 = 2/4 = 1/4 + 1/4")).toBe("1/4 + 1/4 = 2/4");
    expect(sumText("1/4 + 1/2 = 1/4 + 2/4 = 3/4 = 1/4 + 2/4 = 1/4 + 1/2")).toBe("1/4 + 1/2 = 1/4 + 2/4 = 3/4");
    expect(sumText("3/4 = 3/4")).toBe("3/4");
  });

  it("keeps equal amounts written differently: they are the point", () => {
    expect(sumText("3/8 + 1/8 = 4/8 = 1/2")).toBe("3/8 + 1/8 = 4/8 = 1/2");
    expect(sumText("")).toBe("");
    expect(sumText(undefined)).toBe("");
  });

  it("says each amount once in a hint too", () => {
    const text = hintText({ kind: "trick_easy", hand: ["1/2"], table: ["1/4", "1/4"], sum: "1/4 + 1/4 = 2/4 = 1/2 = 1/2" });
    expect(text).toContain("1/4 + 1/4 = 2/4 = 1/2.");
    expect(text.match(/= 1\/2/g)).toHaveLength(1);
  });
});

describe("a score in words", () => {
  it("says pizzas in English", () => {
    setLanguage("en", false);
    expect(["1/2", "1", "2", "1 1/2", "0"].map(S.sp_delivered)).toEqual(["1/2 pizza", "1 pizza", "2 pizzas", "1 1/2 pizzas", "0 pizzas"]);
  });

  it("says it right in Spanish: '2 pizzas', '1/2 de pizza', never '2 de pizza'", () => {
    setLanguage("es", false);
    expect(["1/2", "3/4", "1", "2", "1 1/2", "0"].map(S.sp_delivered)).toEqual(["1/2 de pizza", "3/4 de pizza", "1 pizza", "2 pizzas", "1 1/2 pizzas", "0 pizzas"]);
  });
});

describe("card titles fit the card", () => {
  it("keeps the base size for short words and shrinks long ones to the card's width", () => {
    expect(titleSize("CANCEL", 14, 76)).toBe(14);
    const size = titleSize("CANCELAR", 14, 76);
    expect(size).toBeLessThan(14);
    // "CANCELAR" in DejaVu Sans Bold is 5.94 em wide: with 1 unit of spacing a letter it fits in 76 units
    expect(5.94 * size + 8).toBeLessThanOrEqual(76);
  });
});
