// The order a score table lists the players in at the end of a game (EndPanel's table, New York Slice's
// Guest Check): best first.  Its own module: the end panel and a game's table both use it.

/** A score as a number to rank by: 12, "7/2", "3 1/2", "2 / 16" (its first figure), `{total}`; null when it has none. */
export function scoreNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value && typeof value === "object" && "total" in (value as object)) return scoreNumber((value as { total: unknown }).total);
  if (typeof value !== "string") return null;
  const text = value.trim();
  const mixed = /^(-?)(\d+)\s+(\d+)\/(\d+)$/.exec(text);
  if (mixed) return (mixed[1] ? -1 : 1) * (Number(mixed[2]) + Number(mixed[3]) / Number(mixed[4]));
  const fraction = /^(-?\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) ? Number(fraction[1]) / Number(fraction[2]) : null;
  const figure = /^-?\d+(\.\d+)?/.exec(text);
  return figure ? Number(figure[0]) : null;
}

/**
 * The seats as a score table lists them (the party audit: they were in seat order, 24, 6, 15, 8, 2, 6):
 * the winners first, then by score, best first (the game's best is what its winners have: the highest, or
 * the lowest where they have the lowest); seat order among equals, and throughout when a score is unknown.
 */
export function rankSeats(seats: number[], winners: number[], value: (seat: number) => number | null): number[] {
  const values = new Map(seats.map((s) => [s, value(s)]));
  const known = seats.every((s) => values.get(s) !== null);
  const all = seats.map((s) => values.get(s) ?? 0);
  const best = winners.length && known ? values.get(winners[0]) ?? null : null;
  const lowWins = best !== null && best === Math.min(...all) && best !== Math.max(...all);
  const won = (s: number) => (winners.includes(s) ? 1 : 0);
  return [...seats].sort((a, b) => {
    if (won(a) !== won(b)) return won(b) - won(a);
    if (known && values.get(a) !== values.get(b)) return lowWins ? values.get(a)! - values.get(b)! : values.get(b)! - values.get(a)!;
    return a - b;
  });
}
