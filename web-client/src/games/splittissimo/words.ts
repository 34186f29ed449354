// Splittissimo's words on a child's phone (issue 25 §4), in English here and
// Spanish in words.es.ts (checked against `Words`, so a missing key fails the
// build): why a pick was refused, hints that name cards as printed ("8/8",
// "3/4 mushroom"), and "How to play" for each level's real rules.  `W()` is
// the catalogue of the language in use (the app's switch, strings.ts).
import { listOf, plural } from "../../i18n";
import { S } from "../../strings";
import { gameWords } from "../words";
import { wordsEs } from "./words.es";

const TOPPING: Record<string, string> = { mushroom: "mushroom", bell_pepper: "bell pepper", tomato: "tomato" };

/** A card as printed, with its toppings when they matter: "3/4 mushroom", "1 bell pepper and tomato". */
/** A trick's sum after a colon, unless it says nothing new (one card printed alike on each side: "5/8"). */
function said(sum: string): string {
  return /[=+]/.test(sum) ? `: ${sum}` : "";
}

function card(amount: string, toppings: readonly string[] = []): string {
  const tops = toppings.map((t) => TOPPING[t] ?? t);
  return tops.length ? `${amount} ${listOf("en", tops)}` : amount;
}

export const wordsEn = {
  topping: (t: string) => TOPPING[t] ?? t,
  card,
  // why the hub refused a pick (codes and params: notes "Contracts", H3)
  handMakes: (count: number, sum: string, easy: boolean) =>
    count > 1 ? `These make ${sum}` : easy ? `Your card is ${sum}` : `This order is ${sum}`,
  tableMakes: (count: number, sum: string) => (count > 1 ? `those pizzas make ${sum}` : `that pizza is ${sum}`),
  amountsDiffer: (hand: string, table: string) => `${hand}, but ${table}. Both sides need the same amount of pizza.`,
  toppingMissing: (pizza: string, topping: string, order: string | null) =>
    order
      ? `The ${pizza} pizza has no ${topping}, and your ${order} order asks for ${topping}.`
      : `The ${pizza} pizza has no ${topping}.`,
  pickBothSides: "Pick cards from your hand and from the table.",
  shapeEasy: "One card for one card is not a trick here: one side needs two or more cards.",
  shapeStandard: "Use one order with one or more pizzas, or two or more orders with one pizza.",
  shapeAdvanced: "Use one order with some pizzas, or two or more orders with one, two or three pizzas.",
  wrongKind: "Purple cards are not part of a trick: use the Order cards from your hand.",
  cardGone: "That card is not there any more: pick again.",
  slowDown: (seconds: number) =>
    `Not so fast! Look at the cards again, and try in ${plural("en", seconds, { one: "# second", other: "# seconds" })}.`,
  noMoreTries: (max: number, hints: boolean, took: boolean) =>
    `That was ${plural("en", max, { one: "# try", other: "# tries" })} this turn. ` +
    (took ? "End your turn" : "Draw a card and pass") +
    (hints ? ", or ask for a hint." : "."),
  // hints, naming the cards as printed
  hintEasy: (hand: readonly string[], table: readonly string[], sum: string) =>
    `Try your ${listOf("en", hand)} with the ${listOf("en", table)} on the table${said(sum)}.`,
  hintTrick: (hand: readonly string[], table: readonly string[], sum: string) =>
    `Try your ${plural("en", hand.length, { one: "order", other: "orders" })} ${listOf("en", hand)} ` +
    `with the ${plural("en", table.length, { one: "pizza", other: "pizzas" })} ${listOf("en", table)}${said(sum)}.`,
  // the table on a phone
  cardsAndPizzas: (cards: number, pizzas: string) =>
    `${plural("en", cards, { one: "# card", other: "# cards" })} · ${S.sp_delivered(pizzas)}`,
  classCode: "Class code",
  // How to play, level by level (RULES-NOTES 3.2-3.4)
  helpGoal: "Win as much pizza as you can. The amounts are fractions: two quarters make a half.",
  helpEasy: [
    "Your cards and the table's cards are all pizzas.",
    "A trick: one card on one side, two or more cards on the other, and both sides make the same amount. 1/4 + 1/4 = 1/2 is a trick; 1/2 with 1/2 is not.",
    "Toppings don't matter.",
    "Take as many tricks as you can on your turn. Then end your turn: the table and your hand fill back up to 4. No trick? Draw one card and pass.",
  ],
  helpStandard: [
    "Your cards are Orders. The table has three piles of pizzas: only the top card of each pile can be used.",
    "A trick: one order with one or more pizzas, or two or more orders with one pizza. Both sides make the same amount.",
    "One card for one card counts too: a 3/8 order with a 3/8 pizza, or a 3/4 order with a 6/8 pizza.",
    "Every pizza needs every topping on the orders it serves.",
    "Take as many tricks as you can, then end your turn and draw back up to 4. No trick? Draw one card and pass.",
  ],
  helpAdvanced: [
    "Your cards are Orders. The table has three piles of pizzas: only the top card of each pile can be used.",
    "A trick: one order with one or more pizzas, or two or more orders with one, two or three pizzas. Both sides make the same amount, and one card for one card counts too (3/4 with 6/8).",
    "Every pizza needs every topping on every order in the trick.",
    "Take as many tricks as you can, then end your turn and draw back up to 4. No trick? Draw one card and pass.",
    "At the end, each order still in your hand takes its amount away from your score.",
  ],
  helpPurple: "Purple cards: a Special Order takes every open pizza with its two toppings; a Cancelled Order skips someone's turn while the countdown runs.",
  helpStuck: "Stuck? You may always draw a card and pass.",
};

export type Words = typeof wordsEn;

/** The words in the language in use. */
export const W = gameWords<Words, typeof wordsEs>(wordsEn, wordsEs);
