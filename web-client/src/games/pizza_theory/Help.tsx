// Pizza Theory in a few lines, in our own words, with the game's own pieces.
import { S } from "../../strings";
import { PlayerMark } from "../../ui/Shape";
import { lookAt } from "../../ui/players";
import { DieFace } from "./Hand";

export function PizzaTheoryHelp() {
  const a = lookAt(0);
  const b = lookAt(1);
  return (
    <div>
      <p>{S.pt_help_goal}</p>
      <p class="help-pics" aria-hidden="true">
        <PlayerMark shape={a.shape} colour={a.colour} size={36} /> <PlayerMark shape={a.shape} colour={a.colour} size={36} />{" "}
        <PlayerMark shape={b.shape} colour={b.colour} size={36} />
      </p>
      <ol>
        <li>{S.pt_help_add}</li>
        <li>
          {S.pt_help_cut} <span class="help-die"><DieFace n={4} colour={a.colour} /></span>
        </li>
        <li>{S.pt_help_replace}</li>
        <li>{S.pt_help_safe}</li>
        <li>{S.pt_help_turn}</li>
      </ol>
      <p>{S.pt_help_two}</p>
    </div>
  );
}
