// The room's announcements on screen (issue 24): a banner across the top of
// the TV and the watch page, a toast on phones.  Each new notice shows for a
// few seconds and goes, or sooner once it is no longer true; several at once
// stack, newest last.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Lobby, Notice } from "../net/wire";
import { NoticeTracker, noticeText, stillTrue } from "./notices";

/** How long one notice stays, by screen: the TV is read from across the room. */
const SHOW_MS = { tv: 8000, phone: 5000 } as const;
const MAX_SHOWN = 3;

function keyOf(n: Notice): string {
  return `${n.n}:${n.kind}:${n.player}`;
}

export function NoticeStack({
  lobby,
  me = null,
  variant,
  skip = [],
}: {
  lobby: Lobby;
  me?: number | null;
  variant: "tv" | "phone";
  /** Kinds another part of this screen says (the TV's big moments say a stand-in and a timeout). */
  skip?: readonly string[];
}) {
  const tracker = useMemo(() => new NoticeTracker(), []);
  const [shown, setShown] = useState<Notice[]>([]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    const fresh = tracker.take(lobby.notices).filter((n) => !skip.includes(n.kind) && noticeText(n, me) !== "");
    // A notice goes as soon as it is no longer true (never outlives what it says).
    setShown((s) => {
      const all = [...s, ...fresh];
      const kept = all.filter((n) => stillTrue(n, lobby, all)).slice(-MAX_SHOWN);
      return kept.length === s.length && kept.every((n, i) => n === s[i]) ? s : kept;
    });
    if (fresh.length === 0) return;
    for (const n of fresh) {
      timers.current.push(setTimeout(() => setShown((s) => s.filter((x) => keyOf(x) !== keyOf(n))), SHOW_MS[variant]));
    }
  }, [lobby]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return (
    <div class={`notices notices-${variant}`} role="status" aria-live="polite">
      {shown.map((n) => (
        <p key={keyOf(n)} class={`notice notice-${n.kind}`}>
          {noticeText(n, me)}
        </p>
      ))}
    </div>
  );
}
