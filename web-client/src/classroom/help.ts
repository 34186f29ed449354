// "Needs help", in words a teacher acts on: which student, and why (idle on
// their turn, refused again and again, disconnected).  The hub sends each
// reason only while it is true (server/classroom/dashboard.py), so the page
// shows exactly what it gets: a reason gone from the answer is gone here.
import type { HelpReason } from "./api";
import { T } from "./strings.teacher";

/** The sentence for one reason; null for one a teacher cannot act on (an old hub's "asked for a hint"). */
export function helpText(reason: HelpReason | string): string | null {
  const r: HelpReason = typeof reason === "string" ? { reason } : reason;
  const name = r.name ?? "";
  switch (r.reason) {
    case "idle":
      return T.help.idle(name, r.seconds ?? 0);
    case "refused":
    case "rejected":
      return T.help.refused(name, r.count ?? 3);
    case "disconnected":
      return T.help.disconnected(name);
    case "no_trick":
      return T.help.no_trick(name, r.count ?? 0);
    case "hint":
      return null;
    default:
      return T.helpOther(r.reason);
  }
}

/** Every reason a table shows, in words, without repeats. */
export function helpLines(reasons: readonly (HelpReason | string)[] | undefined): string[] {
  const out: string[] = [];
  for (const r of reasons ?? []) {
    const text = helpText(r);
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}

/** One line of "Needs help now": its words, and the reason they say (whose turn a bot may play, when idle). */
export interface HelpEntry {
  text: string;
  reason: HelpReason;
}

/** Every reason a table shows, as `helpLines` words them (same order, no repeats), each with its reason. */
export function helpEntries(reasons: readonly (HelpReason | string)[] | undefined): HelpEntry[] {
  const out: HelpEntry[] = [];
  for (const r of reasons ?? []) {
    const text = helpText(r);
    if (text && !out.some((e) => e.text === text)) out.push({ text, reason: typeof r === "string" ? { reason: r } : r });
  }
  return out;
}
