import type { GameUi, View } from "../types";
import "./styles.css";
import { NewYorkSliceTable } from "./Table";
import { NewYorkSliceHand } from "./Hand";
import { NewYorkSliceHelp } from "./Help";
import { deciding } from "./model";
import { S } from "../../strings";
import { listNames } from "../../ui/common";
import { seatName } from "../../ui/players";

export const newYorkSliceUi: GameUi = {
  id: "new_york_slice",
  Table: NewYorkSliceTable,
  Hand: NewYorkSliceHand,
  Help: NewYorkSliceHelp,
  waitingOn: (game) => {
    const seat = deciding(game);
    return seat === null ? [] : [seat];
  },
  // The hub's summary names seats by number; the players know their names.
  summary: (game, outcome, players) => {
    const rows = (game.guest_check?.rows ?? []) as View[];
    if (outcome.winners.length === 0 || rows.length === 0) return null;
    const best = Math.max(...rows.map((r) => Number(r.total)));
    return S.nys_endLine(listNames(outcome.winners.map((s) => seatName(players, s))), outcome.winners.length, best);
  },
  scores: (game) => {
    const rows = (game.guest_check?.rows ?? []) as View[];
    const out: (string | null)[] = [];
    for (const r of rows) out[r.seat] = String(r.total);
    return out;
  },
};
