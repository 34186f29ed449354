// A plain fallback for a game without its own screens: the phone lists the
// legal commands as buttons.  Every game stays playable even before (or
// when) its dedicated screen cannot draw a view it does not know.
import type { Command } from "../net/wire";
import type { GameUi, HandProps, TableProps } from "./types";

export function describeCommand(cmd: Command): string {
  const fields = Object.entries(cmd)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  const name = cmd.type.replace(/([a-z])([A-Z])/g, "$1 $2");
  return fields.length ? `${name}: ${fields.join(", ")}` : name;
}

export function GenericHand({ legal, send }: HandProps) {
  return (
    <div class="generic-hand">
      {legal.map((cmd, i) => (
        <button key={i} class="btn" onClick={() => send(cmd)}>
          {describeCommand(cmd)}
        </button>
      ))}
    </div>
  );
}

export function GenericTable({ game }: TableProps) {
  return (
    <div class="generic-table">
      <h2>{String(game.type ?? "")}</h2>
    </div>
  );
}

export const genericUi: GameUi = {
  id: "generic",
  Table: GenericTable,
  Hand: GenericHand,
  Help: () => null,
  waitingOn: (game) => {
    const v = game.waiting ?? game.to_act ?? game.turn ?? game.active ?? null;
    if (Array.isArray(v)) return v.filter((x) => typeof x === "number");
    return typeof v === "number" ? [v] : [];
  },
};
