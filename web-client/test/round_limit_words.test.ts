// Pizza Theory's round limit says what it does (games/pizza_theory/options.py): the game stops after
// that round when nobody has filled the pizza, the default is 30 (so a game shows "Round 1 of 30"),
// and 0 is no limit.  The audit read "0: no limit" beside a game showing "Round 1 of 30" as a contradiction.
import { afterEach, describe, expect, it } from "vitest";
import { FALLBACK_GAMES } from "../src/games/catalog";
import { S, optionWords, setLanguage } from "../src/strings";

afterEach(() => setLanguage("en", false));

describe("the round limit's words", () => {
  const option = FALLBACK_GAMES.find((g) => g.id === "pizza_theory")!.options.find((o) => o.name === "max_rounds")!;

  it("given no hub catalogue yet, then the limit starts at the hub's 30", () => {
    expect(option.default).toBe(30);
  });

  it("says the game ends at the limit only when nobody has filled the pizza, and that 0 is no limit", () => {
    const { help } = optionWords("pizza_theory", "max_rounds", option);
    expect(help).toMatch(/nobody has filled the pizza by the end of this round/);
    expect(help).toMatch(/0: no limit/);
    expect(S.pt_round(1, 30)).toBe("Round 1 of 30");
    expect(S.pt_round(1, 0)).toBe("Round 1");
    setLanguage("es", false);
    expect(optionWords("pizza_theory", "max_rounds", option).help).toMatch(/nadie ha llenado la pizza.*0: sin límite/);
  });
});
