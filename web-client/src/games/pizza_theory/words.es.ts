// Pizza Theory's words for screen readers, in Spanish (words.ts has the English and the checks).
import { listOf, plural } from "../../i18n";

export const wordsEs = {
  space: (where: string, what: string) => `${where}: ${what}`,
  empty: "vacía",
  toppingOf: (name: string) => `ingrediente de ${name}`,
  neutralTopping: "un ingrediente neutral",
  countOf: (name: string, n: number) => `${name} ${n}`,
  onBoard: (counts: readonly string[], empty: number) =>
    `En la pizza: ${counts.length ? listOf("es", counts) : "aún no hay ingredientes"}; ${plural("es", empty, { one: "# casilla vacía", other: "# casillas vacías" })}.`,
  lastCuts: (cuts: readonly string[]) => `Últimos cortes: ${listOf("es", cuts)}.`,
  summaryTitle: "La pizza en palabras",
};
