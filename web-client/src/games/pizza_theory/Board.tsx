// The pizza as SVG: crust, the 37 wells, toppings (colour + shape), the
// printed cut lines of each sector, and the skewers of a reveal.  The whole
// board turns with `rotation` (degrees); labels turn back so they stay
// upright.  Interactive spaces (phone) are buttons with spoken labels.
import type { JSX } from "preact";
import { ShapeMark } from "../../ui/Shape";
import type { Look } from "../../ui/players";
import { S } from "../../strings";
import { cutSegment, FAMILIES, key, LINES, NUMBERS_REACH, PIZZA_RADIUS, SECTOR_CORNERS, SPACES, toPoint, type Cube, type Family } from "./geometry";
import type { CutLine, Piece } from "./model";

const SLICE_TINTS = ["#ffe08a", "#ffb8a8", "#bfe8cf", "#b3dbf7", "#ebc8f3", "#f7cf9c", "#dbe9a0"];

export interface BoardProps {
  pieces: Piece[];
  looks: Map<string, Look & { seat?: number | null }>;
  rotation: number;
  /** Lines drawn as skewers (a reveal, or the 2-player neutral cutter). */
  cuts?: CutLine[];
  /** A preview line (the phone's die) drawn dashed. */
  preview?: { family: Family; line: number; colour: string } | null;
  slices?: Cube[][];
  fresh?: Set<string>;
  ghosts?: Piece[];
  tappable?: Set<string>;
  selected?: string | null;
  onTap?: (space: Cube) => void;
  /** Show the printed lines and numbers only for these families (default all). */
  families?: Family[];
  /** The colour of the player cutting with each family this round (tints its numbers). */
  familyColours?: Map<string, string>;
  numbers?: boolean;
  sectorNames?: boolean;
  tight?: boolean;
  label: string;
  animate?: boolean;
  /**
   * What a screen reader hears for each space ("Row 4, space 2: Ana's topping", "...: empty"). Given
   * (the phone), every space is named, row by row: the tappable ones as buttons, the others as images, so
   * the board is never an empty group (the die turn); without it only the tappable spaces are named.
   */
  spaceName?: (space: Cube) => string;
  /** The id of a text summary of the board (toppings per player, the last cuts) for assistive tech. */
  describedBy?: string;
}

/** The spaces as a reader meets them: row by row (as S.pt_spaceLabel numbers them), each row left to right. */
const READING_ORDER: readonly Cube[] = [...SPACES].sort((a, b) => a[2] - b[2] || a[0] - b[0]);


function Upright({ x, y, rotation, children }: { x: number; y: number; rotation: number; children: JSX.Element }) {
  return (
    <g class="upright" style={{ transform: `translate(${x}px, ${y}px) rotate(${-rotation}deg)` }}>
      {children}
    </g>
  );
}

export function Board(props: BoardProps) {
  const { pieces, looks, rotation, cuts = [], slices = [], fresh, ghosts = [], tappable, selected, onTap, tight, label } = props;
  const families = props.families ?? [...FAMILIES];
  const bySpace = new Map(pieces.map((p) => [key(p.space), p]));
  const tint = new Map<string, string>();
  slices.forEach((slice, i) => slice.forEach((c) => tint.set(key(c), SLICE_TINTS[i % SLICE_TINTS.length])));
  // The phone shows no sector names, so its box ends just past the line
  // numbers, which may sit on any side (the pizza turns as on the TV).
  const e = tight ? NUMBERS_REACH + 0.08 : PIZZA_RADIUS + 1.45;
  const box = `${-e} ${-e} ${2 * e} ${2 * e}`;
  return (
    <svg
      class={`pizza ${tight ? "pizza-tight" : ""} ${props.animate === false ? "no-anim" : ""}`}
      viewBox={box}
      role="group"
      aria-label={label}
      aria-describedby={props.describedBy}
    >
      <g class="pizza-turn" style={{ transform: `rotate(${rotation}deg)` }}>
        <circle r={PIZZA_RADIUS + 0.28} class="crust" />
        <circle r={PIZZA_RADIUS} class="cheese" />
        {slices.length > 0 &&
          SPACES.map((c) => {
            const p = toPoint(c);
            return <circle key={`t${key(c)}`} cx={p.x} cy={p.y} r={0.6} fill={tint.get(key(c))} class="slice-tint" />;
          })}
        {families.map((f) =>
          LINES.map((n) => {
            const seg = cutSegment(f, n);
            return <line key={`${f}${n}`} x1={seg.from.x} y1={seg.from.y} x2={seg.to.x} y2={seg.to.y} class="printed-line" />;
          }),
        )}
        {props.numbers !== false &&
          families.map((f) =>
            LINES.map((n) => {
              const seg = cutSegment(f, n);
              const fill = props.familyColours?.get(f);
              return (
                <Upright key={`l${f}${n}`} x={seg.label.x} y={seg.label.y} rotation={rotation}>
                  <g aria-hidden="true" class="line-label" data-family={f} data-line={n}>
                    <circle r={0.27} class="line-badge" style={fill ? { fill } : undefined} />
                    <text class={`line-number ${fill ? "on-colour" : ""}`} text-anchor="middle" dominant-baseline="central">
                      {n}
                    </text>
                  </g>
                </Upright>
              );
            }),
          )}
        {props.sectorNames !== false &&
          SECTOR_CORNERS.map((corner, i) => {
            const p = toPoint(corner);
            const n = Math.hypot(p.x, p.y);
            const r = PIZZA_RADIUS + 1.12;
            return (
              <Upright key={`s${i}`} x={(p.x / n) * r} y={(p.y / n) * r} rotation={rotation}>
                <text class="sector-name" text-anchor="middle" dominant-baseline="central" aria-hidden="true">
                  {S.pt_sector(i)}
                </text>
              </Upright>
            );
          })}
        {SPACES.map((c) => {
          const p = toPoint(c);
          return <circle key={`w${key(c)}`} cx={p.x} cy={p.y} r={0.36} class="well" />;
        })}
        {ghosts.map((g) => {
          const p = toPoint(g.space);
          const look = looks.get(g.colour);
          return (
            <g key={`g${key(g.space)}`} class="ghost">
              <ShapeMark shape={look?.shape ?? "circle"} colour={look?.colour ?? "#999"} cx={p.x} cy={p.y} r={0.36} />
            </g>
          );
        })}
        {[...bySpace.values()].map((piece) => {
          const p = toPoint(piece.space);
          const look = looks.get(piece.colour);
          return (
            <g key={`p${key(piece.space)}:${piece.colour}`} class={`topping ${fresh?.has(key(piece.space)) ? "fresh" : ""}`} style={{ transformOrigin: `${p.x}px ${p.y}px` }}>
              <ShapeMark shape={look?.shape ?? "circle"} colour={look?.colour ?? "#999"} cx={p.x} cy={p.y} r={0.38} stroke="#3b2314" />
              {/* a player's topping carries a dark centre, so even a plain circle is never taken for an empty
                  space (in greyscale, or to colour-blind eyes); the neutral's ring has its own */}
              {look?.seat !== null && look?.shape !== "ring" && <circle cx={p.x} cy={p.y} r={0.1} class="topping-core" />}
            </g>
          );
        })}
        {props.preview && <CutMark cut={{ seat: null, colour: props.preview.colour, family: props.preview.family, line: props.preview.line }} dashed />}
        {cuts.map((c) => (
          <CutMark key={`c${c.family}${c.line}`} cut={c} colourOf={looks.get(c.colour)?.colour} />
        ))}
        {READING_ORDER.map((c) => {
          const k = key(c);
          const p = toPoint(c);
          if (tappable?.has(k))
            return (
              <g
                key={`h${k}`}
                class={`tap ${selected === k ? "tap-on" : ""}`}
                role="button"
                tabindex={0}
                aria-pressed={selected === k}
                aria-label={props.spaceName ? props.spaceName(c) : S.pt_spaceLabel(c)}
                onClick={() => onTap?.(c)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    onTap?.(c);
                  }
                }}
              >
                <circle cx={p.x} cy={p.y} r={0.5} class="tap-area" />
                <circle cx={p.x} cy={p.y} r={0.3} class="tap-dot" />
              </g>
            );
          if (!props.spaceName) return null;
          return (
            <g key={`n${k}`} class="space-named" role="img" aria-label={props.spaceName(c)}>
              <circle cx={p.x} cy={p.y} r={0.5} class="space-spot" />
            </g>
          );
        })}
      </g>
    </svg>
  );
}

/**
 * A skewer: across the whole cheese, ending just past its edge at both ends,
 * so it never covers a number badge (radius 0.27, centred 0.45 past the edge
 * of the cheese at each line's numbered end; the outer lines pass close to
 * another family's badges at their other end).
 */
export function skewerSegment(cut: { family: Family; line: number }): { from: { x: number; y: number }; to: { x: number; y: number } } {
  const printed = cutSegment(cut.family, cut.line);
  // The badge's edge is 0.18 past the cheese; the shadow's round cap reaches
  // 0.13 past the line's end: end 0.02 past the cheese, 0.03 clear of the badge.
  const past = 0.45 - 0.27 - 0.13 - 0.03;
  const dx = printed.from.x - printed.to.x;
  const dy = printed.from.y - printed.to.y;
  const k = past / Math.hypot(dx, dy);
  return {
    from: { x: printed.from.x + dx * k, y: printed.from.y + dy * k },
    to: { x: printed.to.x - dx * k, y: printed.to.y - dy * k },
  };
}

function CutMark({ cut, colourOf, dashed }: { cut: CutLine; colourOf?: string; dashed?: boolean }) {
  const seg = skewerSegment(cut);
  return (
    <g class={dashed ? "cut-preview" : "skewer"}>
      <line x1={seg.from.x} y1={seg.from.y} x2={seg.to.x} y2={seg.to.y} class="skewer-shadow" />
      <line x1={seg.from.x} y1={seg.from.y} x2={seg.to.x} y2={seg.to.y} class="skewer-wood" style={{ stroke: colourOf ?? cut.colour }} stroke-dasharray={dashed ? "0.3 0.18" : undefined} />
    </g>
  );
}
