// New York Slice's short slice names (the a11y audit): the kind of a slice was
// its colour and number only, its name spoken but not shown; each small slice
// now shows a short name under it too, as the TV's ring shows the names in
// full.  English here, Spanish in words.es.ts (checked against `Words`); `W()`
// follows the app's language switch (strings.ts).
import { plural } from "../../i18n";
import { gameWords } from "../words";
import { wordsEs } from "./words.es";

export const wordsEn = {
  /** At most four letters, so a slice in a portion (37 px on a phone) keeps its word under it whole. */
  shortTypes: { 3: "Veg", 4: "Marg", 5: "Haw", 6: "BBQ", 7: "Saus", 8: "Mush", 9: "Pep", 10: "Meat", 11: "Chee" } as Record<number, string>,
  shortAnchovy: "Anch",
  shortSupreme: "Sup",
  /** The phone's list of portions already taken, under the ones still on the table. */
  takenTitle: "Portions taken",
  /** One taken portion, as a screen reader hears it (the row shows the letter and the name, cut to fit). */
  takenBy: (portion: string, name: string) => `Portion ${portion}: ${name} took it`,
  /** Under "You ate 3 (8 pepperoni)": how many of those a bot ate for this seat (its player away, or out of time). */
  botAte: (n: number, pep: number, why: "away" | "time") =>
    `${why === "time" ? "Time ran out: a bot" : "While you were away, a bot"} ate ${n} of them for you (${plural("en", pep, { one: "# pepperoni", other: "# pepperoni" })}).`,
  /** In place of "You ate 3" on a phone that took the seat over and cannot tell who ate them (a bot, or the player before). */
  seatAte: (n: number, pep: number) =>
    `Eaten for your seat: ${n} (${plural("en", pep, { one: "# pepperoni", other: "# pepperoni" })}) — only you can see this.`,
};

export type Words = typeof wordsEn;

/** The words in the language in use. */
export const W = gameWords<Words, typeof wordsEs>(wordsEn, wordsEs);
