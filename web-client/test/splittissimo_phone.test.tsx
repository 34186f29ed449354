// A child's phone at a Splittissimo table (issue 25 §4): a refused pick is
// explained from the hub's code and params in a child's words, hints name the
// cards as printed, "How to play" says each level's real rules, and "Take this
// trick" is never greyed for a pick the hub has not judged.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { RequestError } from "../src/net/connection";
import type { Command } from "../src/net/wire";
import { SplittissimoHand, handColumns } from "../src/games/splittissimo/Hand";
import { SplittissimoHelp } from "../src/games/splittissimo/Help";
import { hintText, refusalText } from "../src/games/splittissimo/text";
import { setLanguage } from "../src/strings";

afterEach(() => setLanguage("en", false));

const ctx = { level: "standard", hints: true, took: false };

describe("a refused pick, in a child's words", () => {
  it("says what each side makes when the amounts differ", () => {
    const params = { hand: "1/8 + 4/8", hand_sum: "5/8", table: "6/8", table_sum: "6/8", hand_count: 2, table_count: 1, relation: "same_denominator_sum" };
    expect(refusalText("trick/amounts_differ", params, ctx)).toBe("These make 5/8, but that pizza is 6/8. Both sides need the same amount of pizza.");
    setLanguage("es", false);
    expect(refusalText("trick/amounts_differ", params, ctx)).toBe("Estas cartas suman 5/8, pero esa pizza es 6/8. Los dos lados necesitan la misma cantidad de pizza.");
  });

  it("speaks of one order, or of several pizzas, as the pick had them", () => {
    const one = { hand: "3/4", hand_sum: "3/4", table: "1/4 + 1/4", table_sum: "2/4", hand_count: 1, table_count: 2 };
    expect(refusalText("trick/amounts_differ", one, ctx)).toBe("This order is 3/4, but those pizzas make 2/4. Both sides need the same amount of pizza.");
    expect(refusalText("trick/amounts_differ", one, { ...ctx, level: "easy" })).toMatch(/^Your card is 3\/4/);
  });

  it("names the pizza and the topping it lacks", () => {
    const params = { pizza: "3/4", topping: "mushroom", order: "3/4", relation: "same_card" };
    expect(refusalText("trick/topping_missing", params, ctx)).toBe("The 3/4 pizza has no mushroom, and your 3/4 order asks for mushroom.");
    setLanguage("es", false);
    expect(refusalText("trick/topping_missing", params, ctx)).toBe("La pizza de 3/4 no lleva champiñón, y tu pedido de 3/4 pide champiñón.");
  });

  it("says the level's own shape of a trick", () => {
    expect(refusalText("trick/shape", { level: "easy", hand_count: 1, table_count: 1 }, ctx)).toMatch(/One card for one card is not a trick here/);
    expect(refusalText("trick/shape", { level: "standard", hand_count: 2, table_count: 2 }, ctx)).toMatch(/one order with one or more pizzas/);
    expect(refusalText("trick/shape", { level: "advanced", hand_count: 2, table_count: 4 }, ctx)).toMatch(/one, two or three pizzas/);
    expect(refusalText("trick/shape", { level: "standard", hand_count: 2, table_count: 0 }, ctx)).toBe("Pick cards from your hand and from the table.");
  });

  it("is kind about the rate limit, and says what is left to do", () => {
    expect(refusalText("class/slow_down", { seconds: 2 }, ctx)).toBe("Not so fast! Look at the cards again, and try in 2 seconds.");
    expect(refusalText("class/no_more_tries", { max: 5 }, ctx)).toBe("That was 5 tries this turn. Draw a card and pass, or ask for a hint.");
    expect(refusalText("class/no_more_tries", { max: 5 }, { ...ctx, hints: false, took: true })).toBe("That was 5 tries this turn. End your turn.");
    setLanguage("es", false);
    expect(refusalText("class/slow_down", { seconds: 2 }, ctx)).toMatch(/^¡Sin prisa!.*2 segundos\.$/);
  });

  it("falls back to the plain sentence without params, and leaves other codes to the phone", () => {
    expect(refusalText("trick/amounts_differ", undefined, ctx)).toMatch(/same amount/);
    expect(refusalText("move/not_your_turn", {}, ctx)).toBeNull();
  });
});

describe("hints name cards as printed", () => {
  it("says 8/8, never 1, and the toppings of each card", () => {
    const hint = {
      kind: "trick",
      hand: ["8/8"],
      table: ["1/2", "2/4"],
      hand_cards: [{ amount: "8/8", toppings: ["mushroom"] }],
      table_cards: [
        { amount: "1/2", toppings: ["mushroom", "tomato"] },
        { amount: "2/4", toppings: ["mushroom"] },
      ],
      toppings: ["mushroom"],
      sum: "1/2 + 2/4 = 8/8",
    };
    const text = hintText(hint);
    expect(text).toBe("Try your order 8/8 mushroom with the pizzas 1/2 mushroom and tomato and 2/4 mushroom: 1/2 + 2/4 = 8/8.");
    expect(text).not.toMatch(/pizza 1\b/);
  });

  it("says no sum when both sides are the same printed card", () => {
    expect(hintText({ kind: "trick", hand: ["5/8"], table: ["5/8"], toppings: ["tomato"], sum: "5/8 = 5/8" })).toBe(
      "Try your order 5/8 tomato with the pizza 5/8 tomato.",
    );
    setLanguage("es", false);
    expect(hintText({ kind: "trick", hand: ["5/8"], table: ["5/8"], toppings: ["tomato"], sum: "5/8 = 5/8" })).toBe(
      "Prueba tu pedido 5/8 tomate con la pizza 5/8 tomate.",
    );
  });

  it("keeps the printed amount from an older hub too", () => {
    expect(hintText({ kind: "trick", hand: ["3/4"], table: ["6/8"], toppings: ["tomato"], sum: "3/4 = 6/8" })).toBe(
      "Try your order 3/4 tomato with the pizza 6/8 tomato: 3/4 = 6/8.",
    );
    expect(hintText({ kind: "trick_easy", hand: ["8/8"], table: ["1/2", "1/2"], sum: "1/2 + 1/2 = 8/8" })).toBe(
      "Try your 8/8 with the 1/2 and 1/2 on the table: 1/2 + 1/2 = 8/8.",
    );
  });
});

function host(): HTMLElement {
  const root = document.createElement("div");
  document.body.appendChild(root);
  return root;
}

describe("How to play says the level's real rules", () => {
  it("at standard, one order with one pizza is a trick", () => {
    const root = host();
    render(<SplittissimoHelp game={{ level: "standard" }} options={{ pass_anytime: true, special_cards: false }} />, root);
    const text = root.textContent ?? "";
    expect(text).toMatch(/a 3\/8 order with a 3\/8 pizza/);
    expect(text).not.toMatch(/two or more on the other/);
    expect(text).not.toMatch(/Purple cards/); // no-speed play: no purple cards dealt
    expect(text).toMatch(/always draw a card and pass/);
  });

  it("at easy, one card for one card is not", () => {
    const root = host();
    render(<SplittissimoHelp options={{ level: "easy" }} />, root);
    const text = root.textContent ?? "";
    expect(text).toMatch(/1\/2 with 1\/2 is not/);
    expect(text).toMatch(/Toppings don't matter/);
    expect(text).not.toMatch(/always draw/);
  });

  it("at advanced, orders left in hand count against you", () => {
    const root = host();
    render(<SplittissimoHelp game={{ level: "advanced" }} options={{}} />, root);
    expect(root.textContent).toMatch(/one, two or three pizzas/);
    expect(root.textContent).toMatch(/Purple cards/);
  });
});

const order = (id: number, text: string, toppings = ["mushroom"]) => {
  const [s, o] = text.split("/").map(Number);
  return { id, kind: "order", text, amount: text, slices: s, of: o, toppings, dots: 1 };
};
const pizza = (id: number, text: string, toppings = ["mushroom"]) => ({ ...order(id, text, toppings), kind: "pizza" });

describe("Take this trick on the phone", () => {
  const game = {
    level: "standard",
    phase: "turn",
    turn: 3,
    active: 0,
    window: null,
    tricks_this_turn: 0,
    hand: [order(1, "1/8"), order(2, "4/8"), order(3, "3/4")],
    piles: [{ top: pizza(10, "6/8"), size: 5 }, { top: pizza(11, "1/2", ["tomato"]), size: 5 }, { top: null, size: 0 }],
  };
  // No TakeTrick listed: whether a trick exists is the child's to find (and the hub's to judge).
  const legal: Command[] = [{ type: "Pass" }];

  it("is offered on the child's turn, and sends any pick; the hub's refusal is shown beside the cards", async () => {
    const sent: Command[] = [];
    const send = (cmd: Command) => {
      sent.push(cmd);
      return Promise.reject(
        new RequestError("trick/amounts_differ", "", { hand: "1/8 + 4/8", hand_sum: "5/8", table: "6/8", table_sum: "6/8", hand_count: 2, table_count: 1 }),
      );
    };
    const root = host();
    render(<SplittissimoHand game={game} lobby={{} as never} players={[]} seat={0} legal={legal} send={send} hint={async () => null} hints={{ left: 2, off: false }} />, root);
    const take = [...root.querySelectorAll("button")].find((b) => b.textContent === "Take this trick")!;
    expect(take).toBeTruthy();
    expect(take.disabled).toBe(true); // nothing picked yet: nothing to send
    const picks = root.querySelectorAll<HTMLButtonElement>(".sp-pick");
    // open cards first (6/8, 1/2), then the hand (1/8, 4/8, 3/4)
    await act(() => {
      picks[2].click();
      picks[3].click();
      picks[0].click();
    });
    expect(take.disabled).toBe(false);
    await act(async () => {
      take.click();
      await Promise.resolve();
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(sent).toEqual([{ type: "TakeTrick", hand: [1, 2], table: [10] }]);
    const said = root.querySelector(".sp-refused");
    expect(said?.getAttribute("role")).toBe("alert");
    expect(said?.textContent).toBe("These make 5/8, but that pizza is 6/8. Both sides need the same amount of pizza.");
    // the pick stays, so the child can change one card and try again
    expect(root.querySelectorAll(".sp-pick.on")).toHaveLength(3);
  });

  it("waits as long as the hub asks after a slow-down", async () => {
    const send = () => Promise.reject(new RequestError("class/slow_down", "", { seconds: 2 }));
    const root = host();
    render(<SplittissimoHand game={game} lobby={{} as never} players={[]} seat={0} legal={legal} send={send} />, root);
    const take = [...root.querySelectorAll("button")].find((b) => b.textContent === "Take this trick")!;
    await act(() => root.querySelectorAll<HTMLButtonElement>(".sp-pick")[2].click());
    await act(async () => {
      take.click();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(root.querySelector(".sp-refused")?.textContent).toMatch(/Not so fast/);
    expect(take.disabled).toBe(true);
  });

  it("sizes a long hand in more columns", () => {
    expect([3, 4, 5, 6, 9, 14].map(handColumns)).toEqual([4, 4, 5, 5, 5, 6]);
  });
});
