// The TV's big moments (issue 27): one short line, large, in the middle of
// the screen for a few seconds, then gone.  Fed by the room's changes
// (moments.ts); several in a row wait their turn, and only the newest few are
// kept, so the screen never tells old news.  Motion is an entrance and an
// exit only, and none at all under prefers-reduced-motion (styles.css).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { StateFrame } from "../net/wire";
import { NoticeTracker } from "./notices";
import { momentsFor, noticeMoment, type Moment } from "./moments";

/** How long one moment stays: long enough to read from the sofa, short enough not to outlive the moment. */
export const MOMENT_MS = 2800;
const MAX_WAITING = 3;

export function Moments({ state }: { state: StateFrame }) {
  const prev = useRef<StateFrame | null>(null);
  const tracker = useMemo(() => new NoticeTracker(), []);
  const [queue, setQueue] = useState<(Moment & { id: number })[]>([]);
  const ids = useRef(0);
  useEffect(() => {
    const fresh = [
      ...tracker.take(state.lobby.notices).map(noticeMoment),
      ...momentsFor(prev.current, state),
    ].filter((m): m is Moment => m !== null);
    prev.current = state;
    if (fresh.length) setQueue((q) => [...q, ...fresh.map((m) => ({ ...m, id: ++ids.current }))].slice(-MAX_WAITING));
  }, [state]);
  const shown = queue[0] ?? null;
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setQueue((q) => q.filter((m) => m.id !== shown.id)), MOMENT_MS);
    return () => clearTimeout(timer);
  }, [shown?.id]);
  return (
    <div class="moments" role="status" aria-live="polite">
      {shown && (
        <p key={shown.id} class={`moment moment-${shown.kind}`} style={{ "--moment-ms": `${MOMENT_MS}ms` }}>
          {shown.say()}
        </p>
      )}
    </div>
  );
}
