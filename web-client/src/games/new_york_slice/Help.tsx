// New York Slice in a few lines, in our own words, with its own slices.
import { S } from "../../strings";
import { SliceCard, SpecialCard } from "./Slice";

export function NewYorkSliceHelp() {
  return (
    <div>
      <p>{S.nys_help_goal}</p>
      <p class="help-pics" aria-hidden="true">
        <SliceCard slice={{ id: 0, kind: "plain", types: [9], pepperoni: 2, anchovies: 0, name: "Pepperoni" }} small />
        <SliceCard slice={{ id: 1, kind: "plain", types: [7], pepperoni: 3, anchovies: 1, name: "Sausage" }} small />
        <SpecialCard id="stuffed_crust" small />
      </p>
      <ol>
        <li>{S.nys_help_slice}</li>
        <li>{S.nys_help_choose}</li>
        <li>{S.nys_help_keep}</li>
        <li>{S.nys_help_score}</li>
      </ol>
    </div>
  );
}
