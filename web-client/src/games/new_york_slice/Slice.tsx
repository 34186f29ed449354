// One New York Slice slice as a small card: its type number and name, a
// red dot per pepperoni, a fish per anchovy.  Combos show both halves.
import { S } from "../../strings";
import { inkOn, sliceColour, TYPE_COLOURS, type Slice } from "./model";
import { W } from "./words";

/** A slice's name in the language in use, from its kind and types (the hub's `name` is English). */
export function sliceName(s: Slice): string {
  if (s.kind === "plain") return S.nys_types[s.types[0]] ?? s.name;
  if (s.kind === "combo") return s.types.map((t) => S.nys_types[t] ?? String(t)).join(" / ");
  if (s.kind === "anchovy") return S.nys_anchovySlice;
  if (s.kind === "supreme") return S.nys_supremeSlice;
  return s.name;
}

/** A slice's short name, shown under a small slice: "Mush", "Haw/BBQ" (its full name is in its label). */
export function sliceShort(s: Slice): string {
  const w = W();
  if (s.kind === "plain") return w.shortTypes[s.types[0]] ?? sliceName(s);
  // (a break allowed after the "/": two names stack rather than widen the slice)
  if (s.kind === "combo") return s.types.map((t) => w.shortTypes[t] ?? String(t)).join("/\u200b");
  if (s.kind === "anchovy") return w.shortAnchovy;
  if (s.kind === "supreme") return w.shortSupreme;
  return sliceName(s);
}

export function sliceLabel(s: Slice | null): string {
  if (!s) return S.nys_hiddenSlice;
  const bits = [sliceName(s)];
  if (s.pepperoni) bits.push(S.nys_pepperoni(s.pepperoni));
  if (s.anchovies) bits.push(S.nys_anchovies(s.anchovies));
  return bits.join(", ");
}

/**
 * The triangle carries the number and the toppings; the name sits under it
 * (big cards only), outside the clipped shape, so "BBQ Chicken" is never cut.
 */
export function SliceCard({
  slice,
  small,
  title,
  decorative,
  short = true,
}: {
  slice: Slice | null;
  small?: boolean;
  title?: string;
  decorative?: boolean;
  /** false where the full name is beside the slice (Dibs!, Seconds) or its portion shows it (Sneak-a-Slice) */
  short?: boolean;
}) {
  const combo = slice?.kind === "combo";
  const style = combo
    ? { background: `linear-gradient(135deg, ${TYPE_COLOURS[slice!.types[0]]} 50%, ${TYPE_COLOURS[slice!.types[1]]} 50%)` }
    : { background: sliceColour(slice) };
  const number = !slice ? "?" : slice.kind === "plain" ? String(slice.types[0]) : combo ? slice.types.join("/") : slice.kind === "anchovy" ? "A" : "S";
  return (
    // `decorative`: inside a control that already says the slice (a button's own label), hidden from
    // assistive tech so the name is not read twice
    <span
      class={`slice-card ${small ? "slice-small" : ""}`}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : title ?? sliceLabel(slice)}
      aria-hidden={decorative ? "true" : undefined}
    >
      <span class="slice-shape" style={style}>
        {/* the number in the ink its slice's colour needs, as on the TV's ring (dark ink on Meat Lovers was 2.5:1);
            a combo's two halves keep the table's ink */}
        <span class={`slice-num ${number.length > 2 ? "slice-num-long" : ""}`} style={combo ? undefined : { color: inkOn(sliceColour(slice)) }}>
          {number}
        </span>
        {slice && (slice.pepperoni > 0 || slice.anchovies > 0) && (
          <span class="slice-tops" aria-hidden="true">
            {Array.from({ length: slice.pepperoni }, (_, i) => (
              <span key={`p${i}`} class="pep" />
            ))}
            {Array.from({ length: slice.anchovies }, (_, i) => (
              <span key={`a${i}`} class="fish">
                ≈
              </span>
            ))}
          </span>
        )}
      </span>
      {!small && slice && <span class="slice-name">{sliceName(slice)}</span>}
      {/* the kind in a word, not by colour and number alone (shown where the full name is not) */}
      {slice && short && (
        <span class="slice-short" aria-hidden="true">
          {sliceShort(slice)}
        </span>
      )}
    </span>
  );
}

/** A special's title in the reader's language (the hub's English name only for one the client does not know). */
export function specialTitle(id: string, name?: unknown): string {
  return S.nys_specials[id as keyof typeof S.nys_specials]?.[0] ?? (name == null ? id : String(name));
}

export function SpecialCard({ id, name, small }: { id: string; name?: string; small?: boolean }) {
  const info = S.nys_specials[id as keyof typeof S.nys_specials];
  const title = specialTitle(id, name);
  return (
    <span class={`special-card ${small ? "special-small" : ""}`} role="img" aria-label={`${S.nys_special}: ${title}. ${info?.[1] ?? ""}`}>
      <span class="special-star" aria-hidden="true">
        ★
      </span>
      <span class="special-name">{title}</span>
      {!small && info && <span class="special-text">{info[1]}</span>}
    </span>
  );
}
