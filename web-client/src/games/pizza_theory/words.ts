// Pizza Theory's words for screen readers (the a11y audit): each space of the
// board named with what is on it, and a short summary of the board (toppings
// per player, the last cuts).  English here, Spanish in words.es.ts (checked
// against `Words`, so a missing key fails the build); `W()` follows the app's
// language switch (strings.ts), as splittissimo/words.ts does.
import { listOf, plural } from "../../i18n";
import { gameWords } from "../words";
import { wordsEs } from "./words.es";

export const wordsEn = {
  /** "Row 4, space 2: Ana's topping" / "Row 4, space 2: empty". */
  space: (where: string, what: string) => `${where}: ${what}`,
  empty: "empty",
  toppingOf: (name: string) => `${name}'s topping`,
  neutralTopping: "a neutral topping",
  /** One player's count in the summary: "Ana 3". */
  countOf: (name: string, n: number) => `${name} ${n}`,
  onBoard: (counts: readonly string[], empty: number) =>
    `On the pizza: ${counts.length ? listOf("en", counts) : "no toppings yet"}; ${plural("en", empty, { one: "# space", other: "# spaces" })} empty.`,
  lastCuts: (cuts: readonly string[]) => `Last cuts: ${listOf("en", cuts)}.`,
  summaryTitle: "The pizza in words",
  /** The TV's phase line while it shows a round's cuts (the round after it has begun on the phones). */
  revealing: "The cuts are revealed",
  /** The phone's line once this seat's cut is in, when a bot chose it (its player away, or out of time). */
  botCut: (line: number, why: "away" | "time") =>
    why === "time"
      ? `Time ran out: a bot chose line ${line} for you. Waiting for the reveal…`
      : `A bot chose line ${line} for you while you were away. Waiting for the reveal…`,
  /** ...when this phone cannot tell who chose it (a new phone took the seat over while a bot played it). */
  cutIs: (line: number) => `Your cut: line ${line}. Waiting for the reveal…`,
};

export type Words = typeof wordsEn;

/** The words in the language in use. */
export const W = gameWords<Words, typeof wordsEs>(wordsEn, wordsEs);
