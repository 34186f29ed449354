import type { GameUi, View } from "../types";
import "./styles.css";
import { NewYorkSliceTable } from "./Table";
import { NewYorkSliceHand } from "./Hand";
import { NewYorkSliceHelp } from "./Help";
import { deciding } from "./model";

export const newYorkSliceUi: GameUi = {
  id: "new_york_slice",
  Table: NewYorkSliceTable,
  Hand: NewYorkSliceHand,
  Help: NewYorkSliceHelp,
  waitingOn: (game) => {
    const seat = deciding(game);
    return seat === null ? [] : [seat];
  },
  scores: (game) => {
    const rows = (game.guest_check?.rows ?? []) as View[];
    const out: (string | null)[] = [];
    for (const r of rows) out[r.seat] = String(r.total);
    return out;
  },
};
