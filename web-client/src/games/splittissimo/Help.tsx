// Splittissimo in a few lines, in our own words, with its own cards.
import { S } from "../../strings";
import { CardFace } from "./Card";

export function SplittissimoHelp() {
  const half = { id: 1, kind: "pizza", text: "1/2", amount: "1/2", slices: 1, of: 2, toppings: ["tomato"], dots: 1 } as const;
  const q = { id: 2, kind: "pizza", text: "1/4", amount: "1/4", slices: 1, of: 4, toppings: ["mushroom"], dots: 1 } as const;
  return (
    <div>
      <p>{S.sp_help_goal}</p>
      <p class="help-pics" aria-hidden="true">
        <CardFace card={{ ...q, toppings: [...q.toppings] }} small /> + <CardFace card={{ ...q, id: 3, toppings: [...q.toppings] }} small /> ={" "}
        <CardFace card={{ ...half, toppings: [...half.toppings] }} small />
      </p>
      <ol>
        <li>{S.sp_help_trick}</li>
        <li>{S.sp_help_turn}</li>
        <li>{S.sp_help_standard}</li>
        <li>{S.sp_help_special}</li>
      </ol>
    </div>
  );
}
