// Las palabras de Splittissimo en el móvil de un niño (words.ts tiene el inglés y la lista de claves).
import { listOf, plural } from "../../i18n";
import { S } from "../../strings";

const TOPPING: Record<string, string> = { mushroom: "champiñón", bell_pepper: "pimiento", tomato: "tomate" };

/** A trick's sum after a colon, unless it says nothing new (one card printed alike on each side: "5/8"). */
function said(sum: string): string {
  return /[=+]/.test(sum) ? `: ${sum}` : "";
}

function card(amount: string, toppings: readonly string[] = []): string {
  const tops = toppings.map((t) => TOPPING[t] ?? t);
  return tops.length ? `${amount} ${listOf("es", tops)}` : amount;
}

export const wordsEs = {
  topping: (t: string) => TOPPING[t] ?? t,
  card,
  handMakes: (count: number, sum: string, easy: boolean) =>
    count > 1 ? `Estas cartas suman ${sum}` : easy ? `Tu carta es ${sum}` : `Este pedido es ${sum}`,
  tableMakes: (count: number, sum: string) => (count > 1 ? `esas pizzas suman ${sum}` : `esa pizza es ${sum}`),
  amountsDiffer: (hand: string, table: string) => `${hand}, pero ${table}. Los dos lados necesitan la misma cantidad de pizza.`,
  toppingMissing: (pizza: string, topping: string, order: string | null) =>
    order
      ? `La pizza de ${pizza} no lleva ${topping}, y tu pedido de ${order} pide ${topping}.`
      : `La pizza de ${pizza} no lleva ${topping}.`,
  pickBothSides: "Elige cartas de tu mano y de la mesa.",
  shapeEasy: "Una carta con una carta no es baza aquí: un lado necesita dos cartas o más.",
  shapeStandard: "Usa un pedido con una o más pizzas, o dos o más pedidos con una pizza.",
  shapeAdvanced: "Usa un pedido con varias pizzas, o dos o más pedidos con una, dos o tres pizzas.",
  wrongKind: "Las cartas moradas no sirven para una baza: usa los pedidos de tu mano.",
  cardGone: "Esa carta ya no está: elige otra vez.",
  slowDown: (seconds: number) =>
    `¡Sin prisa! Mira otra vez las cartas y prueba dentro de ${plural("es", seconds, { one: "# segundo", other: "# segundos" })}.`,
  noMoreTries: (max: number, hints: boolean, took: boolean) =>
    `Ya van ${plural("es", max, { one: "# intento", other: "# intentos" })} en este turno. ` +
    (took ? "Termina tu turno" : "Roba una carta y pasa") +
    (hints ? ", o pide una pista." : "."),
  hintEasy: (hand: readonly string[], table: readonly string[], sum: string) =>
    `Prueba tu ${listOf("es", hand)} con ${table.length > 1 ? "las cartas" : "la carta"} ${listOf("es", table)} de la mesa${said(sum)}.`,
  hintTrick: (hand: readonly string[], table: readonly string[], sum: string) =>
    `Prueba ${plural("es", hand.length, { one: "tu pedido", other: "tus pedidos" })} ${listOf("es", hand)} ` +
    `con ${plural("es", table.length, { one: "la pizza", other: "las pizzas" })} ${listOf("es", table)}${said(sum)}.`,
  cardsAndPizzas: (cards: number, pizzas: string) =>
    `${plural("es", cards, { one: "# carta", other: "# cartas" })} · ${S.sp_delivered(pizzas)}`,
  classCode: "Código de la clase",
  helpGoal: "Gana toda la pizza que puedas. Las cantidades son fracciones: dos cuartos hacen un medio.",
  helpEasy: [
    "Tus cartas y las de la mesa son todas pizzas.",
    "Una baza: una carta a un lado, dos o más cartas al otro, y los dos lados suman lo mismo. 1/4 + 1/4 = 1/2 es una baza; 1/2 con 1/2 no lo es.",
    "Los ingredientes no importan.",
    "En tu turno haz todas las bazas que puedas. Luego termina tu turno: la mesa y tu mano vuelven a tener 4 cartas. ¿Ninguna baza? Roba una carta y pasa.",
  ],
  helpStandard: [
    "Tus cartas son pedidos. En la mesa hay tres montones de pizzas: solo se usa la carta de arriba de cada montón.",
    "Una baza: un pedido con una o más pizzas, o dos o más pedidos con una pizza. Los dos lados suman lo mismo.",
    "Una carta con una carta también vale: un pedido de 3/8 con una pizza de 3/8, o un pedido de 3/4 con una pizza de 6/8.",
    "Cada pizza necesita todos los ingredientes de los pedidos que sirve.",
    "Haz todas las bazas que puedas, luego termina tu turno y roba hasta tener 4. ¿Ninguna baza? Roba una carta y pasa.",
  ],
  helpAdvanced: [
    "Tus cartas son pedidos. En la mesa hay tres montones de pizzas: solo se usa la carta de arriba de cada montón.",
    "Una baza: un pedido con una o más pizzas, o dos o más pedidos con una, dos o tres pizzas. Los dos lados suman lo mismo, y una carta con una carta también vale (3/4 con 6/8).",
    "Cada pizza necesita todos los ingredientes de todos los pedidos de la baza.",
    "Haz todas las bazas que puedas, luego termina tu turno y roba hasta tener 4. ¿Ninguna baza? Roba una carta y pasa.",
    "Al final, cada pedido que quede en tu mano resta su cantidad de tus puntos.",
  ],
  helpPurple: "Cartas moradas: un Pedido especial se lleva todas las pizzas abiertas con sus dos ingredientes; un Pedido cancelado salta el turno de alguien mientras corre la cuenta atrás.",
  helpStuck: "¿Atascado? Siempre puedes robar una carta y pasar.",
};
