import type { GameUi, View } from "../types";
import "./styles.css";
import { NewYorkSliceTable } from "./Table";
import { NewYorkSliceHand } from "./Hand";
import { NewYorkSliceHelp } from "./Help";
import { deciding } from "./model";
import { S } from "../../strings";

export const newYorkSliceUi: GameUi = {
  id: "new_york_slice",
  Table: NewYorkSliceTable,
  Hand: NewYorkSliceHand,
  Help: NewYorkSliceHelp,
  waitingOn: (game) => {
    const seat = deciding(game);
    return seat === null ? [] : [seat];
  },
  // The hub's summary is an English sentence; the Guest Check has the numbers.
  summary: (game) => {
    const rows = (game.guest_check?.rows ?? []) as View[];
    return rows.length ? S.nys_summary(Math.max(...rows.map((r) => Number(r.total)))) : null;
  },
  scores: (game) => {
    const rows = (game.guest_check?.rows ?? []) as View[];
    const out: (string | null)[] = [];
    for (const r of rows) out[r.seat] = String(r.total);
    return out;
  },
};
