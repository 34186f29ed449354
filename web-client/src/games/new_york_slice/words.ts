// New York Slice's short slice names (the a11y audit): the kind of a slice was
// its colour and number only, its name spoken but not shown; each small slice
// now shows a short name under it too, as the TV's ring shows the names in
// full.  English here, Spanish in words.es.ts (checked against `Words`); `W()`
// follows the app's language switch (strings.ts).
import { gameWords } from "../words";
import { wordsEs } from "./words.es";

export const wordsEn = {
  /** At most four letters, so a slice in a portion (37 px on a phone) keeps its word under it whole. */
  shortTypes: { 3: "Veg", 4: "Marg", 5: "Haw", 6: "BBQ", 7: "Saus", 8: "Mush", 9: "Pep", 10: "Meat", 11: "Chee" } as Record<number, string>,
  shortAnchovy: "Anch",
  shortSupreme: "Sup",
};

export type Words = typeof wordsEn;

/** The words in the language in use. */
export const W = gameWords<Words, typeof wordsEs>(wordsEn, wordsEs);
