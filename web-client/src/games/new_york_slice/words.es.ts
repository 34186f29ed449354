// New York Slice's short slice names in Spanish (words.ts has the English and the checks).
import { plural } from "../../i18n";

export const wordsEs = {
  shortTypes: { 3: "Veg", 4: "Marg", 5: "Haw", 6: "BBQ", 7: "Salc", 8: "Cham", 9: "Pep", 10: "Carn", 11: "Ques" } as Record<number, string>,
  shortAnchovy: "Anch",
  shortSupreme: "Sup",
  takenTitle: "Raciones ya elegidas",
  takenBy: (portion: string, name: string) => `Ración ${portion}: la eligió ${name}`,
  botAte: (n: number, pep: number, why: "away" | "time") =>
    `${why === "time" ? "Se acabó el tiempo: un robot" : "Mientras no estabas, un robot"} se comió ${n} de ellas por ti (${plural("es", pep, { one: "# pepperoni", other: "# pepperonis" })}).`,
  seatAte: (n: number, pep: number) =>
    `Comidas para tu asiento: ${n} (${plural("es", pep, { one: "# pepperoni", other: "# pepperonis" })}); solo tú lo ves.`,
};
