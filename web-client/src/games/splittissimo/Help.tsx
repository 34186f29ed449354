// Splittissimo in a few lines, in our own words, with its own cards: the rules
// of the level being played (RULES-NOTES 3.2-3.4), so what the phone says is a
// trick is what the hub accepts (at Standard one order with one pizza is a
// trick, 3/8 with 3/8; at Easy one card for one card is not).
import type { HelpProps } from "../types";
import { CardFace } from "./Card";
import { W } from "./words";

export function SplittissimoHelp({ game, options }: HelpProps) {
  const w = W();
  const level = String(game?.level ?? options?.level ?? "standard");
  const easy = level === "easy";
  const lines = easy ? w.helpEasy : level === "advanced" ? w.helpAdvanced : w.helpStandard;
  // Purple cards only where they are dealt: not at Easy, not when the room turned them off (a class's no-speed play).
  const purple = !easy && options?.special_cards !== false;
  const passAnytime = options?.pass_anytime === true;
  const quarter = { id: 2, kind: "pizza", text: "1/4", amount: "1/4", slices: 1, of: 4, toppings: ["mushroom"], dots: 1 } as const;
  const half = { id: 1, kind: "pizza", text: "1/2", amount: "1/2", slices: 1, of: 2, toppings: ["tomato"], dots: 1 } as const;
  const order = { id: 4, kind: "order", text: "3/8", amount: "3/8", slices: 3, of: 8, toppings: ["mushroom"], dots: 3 } as const;
  const pizza = { id: 5, kind: "pizza", text: "3/8", amount: "3/8", slices: 3, of: 8, toppings: ["mushroom"], dots: 3 } as const;
  return (
    <div>
      <p>{w.helpGoal}</p>
      <p class="help-pics" aria-hidden="true">
        {easy ? (
          <>
            <CardFace card={{ ...quarter, toppings: [...quarter.toppings] }} small /> + <CardFace card={{ ...quarter, id: 3, toppings: [...quarter.toppings] }} small /> ={" "}
            <CardFace card={{ ...half, toppings: [...half.toppings] }} small />
          </>
        ) : (
          <>
            <CardFace card={{ ...order, toppings: [...order.toppings] }} small /> = <CardFace card={{ ...pizza, toppings: [...pizza.toppings] }} small />
          </>
        )}
      </p>
      <ol>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {purple && <li>{w.helpPurple}</li>}
        {passAnytime && <li>{w.helpStuck}</li>}
      </ol>
    </div>
  );
}
