// Pizza Theory's pizza is the same picture on a phone as on the TV (issue 27):
// the same turn and the same line numbers in the same places, from one
// geometry (geometry.tableRotation), every round, for every seat.
import { render } from "preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PizzaTheoryHand } from "../src/games/pizza_theory/Hand";
import { PizzaTheoryTable } from "../src/games/pizza_theory/Table";
import { tableRotation } from "../src/games/pizza_theory/geometry";
import type { LobbyPlayer } from "../src/net/wire";
import { setLanguage } from "../src/strings";

const players: LobbyPlayer[] = [
  { id: 1, name: "Ana", bot: null, connected: true, seat: 0 },
  { id: 2, name: "Ben", bot: null, connected: true, seat: 1 },
  { id: 3, name: "Cleo", bot: null, connected: true, seat: 2 },
];
const FAMILY = ["x", "y", "z"];

/** A round's view: seat s faces sector (s + round - 1) % 3 (the pizza turns each round). */
function view(round: number) {
  return {
    round,
    max_rounds: 5,
    phase: "cut",
    turn: null,
    order: [],
    waiting: [],
    chosen: [],
    board: [],
    seats: [0, 1, 2].map((seat) => {
      const sector = (seat + round - 1) % 3;
      return { seat, colour: ["orange", "blue", "green"][seat], sector, family: FAMILY[sector], supply: 10, on_pizza: 2 };
    }),
    neutral: null,
    last_round: null,
  };
}

/** Where each printed line number sits, as the screen's transforms put it: "x1" -> angle in degrees. */
function numberAngles(root: HTMLElement): { rotation: number; labels: Map<string, number> } {
  const turn = root.querySelector<SVGGElement>(".pizza-turn")!;
  const rotation = Number(/rotate\((-?[\d.]+)deg\)/.exec(turn.style.transform)![1]);
  const labels = new Map<string, number>();
  for (const label of root.querySelectorAll<SVGGElement>(".line-label")) {
    const upright = label.parentElement as unknown as SVGGElement;
    const [x, y] = /translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\)/.exec(upright.style.transform)!.slice(1).map(Number);
    labels.set(`${label.dataset.family}${label.dataset.line}`, (((Math.atan2(y, x) * 180) / Math.PI + rotation) % 360 + 360) % 360);
  }
  return { rotation, labels };
}

describe("the same pizza on the phone and on the TV", () => {
  let root: HTMLElement;
  beforeEach(() => {
    setLanguage("en", false);
    root = document.createElement("div");
    document.body.append(root);
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });

  for (const round of [1, 2, 3]) {
    for (const seat of [0, 1, 2]) {
      it(`round ${round}, seat ${seat}: same turn, each of the seat's lines numbered in the same place`, () => {
        const game = view(round);
        // Given the TV's pizza
        render(<PizzaTheoryTable game={game} lobby={{} as never} players={players} outcome={null} />, root);
        const tv = numberAngles(root);
        render(null, root);
        // When the seat's phone draws the same view
        render(<PizzaTheoryHand game={game} lobby={{} as never} players={players} seat={seat} legal={[]} send={async () => {}} />, root);
        const phone = numberAngles(root);
        // Then the turn is the one geometry gives for the sector facing position 0
        expect(phone.rotation).toBeCloseTo(tv.rotation);
        expect(tv.rotation).toBeCloseTo(tableRotation(game.seats[0].sector));
        // and the phone's lines 1..6 sit where the TV has the same numbers
        const family = game.seats[seat].family;
        expect([...phone.labels.keys()]).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${family}${n}`));
        for (const [k, angle] of phone.labels) expect(angle).toBeCloseTo(tv.labels.get(k)!, 3);
      });
    }
  }
});
