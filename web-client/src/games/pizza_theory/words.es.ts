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
  revealing: "Se ven los cortes",
  botCut: (line: number, why: "away" | "time") =>
    why === "time"
      ? `Se acabó el tiempo: un robot eligió la línea ${line} por ti. Esperando a que se descubran…`
      : `Un robot eligió la línea ${line} por ti mientras no estabas. Esperando a que se descubran…`,
  cutIs: (line: number) => `Tu corte: línea ${line}. Esperando a que se descubran…`,
};
