// A game's own words in both languages: the English catalogue, and the Spanish
// one checked against it by the type checker (every key, each of its type, and
// no key English lacks), read in the language in use.  Each game's words.ts
// holds its sentences and calls this once.
import type { Lang } from "../i18n";
import { S } from "../strings";

/** `W()` of a game: its words in the language in use (English where a language has none). */
export function gameWords<T extends object, E extends T>(en: T, es: E & Record<Exclude<keyof E, keyof T>, never>): () => T {
  const all: Record<Lang, T> = { en, es };
  return () => all[S.lang] ?? en;
}
