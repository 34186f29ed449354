// Pizza Theory's words for screen readers (the a11y audit): each space of the
// board named with what is on it, and a short summary of the board (toppings
// per player, the last cuts).  English here, Spanish in words.es.ts (checked
// against `Words`, so a missing key fails the build); `W()` follows the app's
// language switch (strings.ts), as splittissimo/words.ts does.
import { listOf, plural, type Lang } from "../../i18n";
import { S } from "../../strings";
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
};

export type Words = typeof wordsEn;

/** A catalogue checked against English: every key, each of its type, and no key English lacks. */
function checked<T extends Words>(catalogue: T & Record<Exclude<keyof T, keyof Words>, never>): Words {
  return catalogue;
}

export const WORDS: Record<Lang, Words> = { en: wordsEn, es: checked(wordsEs) };

/** The words in the language in use. */
export function W(): Words {
  return WORDS[S.lang] ?? wordsEn;
}
