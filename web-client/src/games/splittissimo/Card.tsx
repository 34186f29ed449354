// Splittissimo's cards as SVG: a round Pizza card is a pizza cut in `of`
// pieces with `slices` of them there; an Order is a ticket with its amount;
// the purple specials are marked.  Toppings are small icons with a letter,
// so they do not rely on colour.
import { S } from "../../strings";
import type { Card } from "./model";
import { titleSize } from "./text";

const TOPPING_FILL: Record<string, string> = { mushroom: "#a47148", bell_pepper: "#3a9d3a", tomato: "#d62828" };

/** The width a card's title may take: the card less its border and a margin each side. */
const TITLE_WIDTH = 76;

/** The purple cards' title size: "CANCELAR" and "ESPECIAL" get smaller type than "CANCEL", never past the edge. */
function purpleTitleSize(kind: string): number {
  return titleSize(kind === "special_order" ? S.sp_specialShort : S.sp_cancelledShort, 14, TITLE_WIDTH, 1);
}

export function cardLabel(card: Card): string {
  const tops = S.list(card.toppings.map((t) => S.sp_topping[t as keyof typeof S.sp_topping] ?? t));
  if (card.kind === "pizza") return S.sp_pizzaCard(card.text, tops);
  if (card.kind === "order") return S.sp_orderCard(card.text, tops);
  if (card.kind === "special_order") return S.sp_specialOrderCard(tops);
  return S.sp_cancelledCard;
}

/**
 * A topping's badge: its letter is what tells toppings apart without colour, so it is as large as the card
 * allows (17 of the card's 90 units: 12-13 px on a phone's hand card, where 12 units made 8 px), three
 * badges side by side still inside the card.
 */
const TOPPING_R = 13;
const TOPPING_STEP = 28;

function Toppings({ names, y }: { names: string[]; y: number }) {
  return (
    <g>
      {names.map((t, i) => {
        const look = { fill: TOPPING_FILL[t] ?? "#888", letter: S.sp_toppingLetter[t] ?? "?" };
        const x = (i - (names.length - 1) / 2) * TOPPING_STEP;
        return (
          <g key={t}>
            <circle cx={x} cy={y} r={TOPPING_R} fill={look.fill} stroke="#1b0f0a" stroke-width={1.5} />
            <text x={x} y={y + 6} text-anchor="middle" font-size="17" font-weight="800" fill="#fff">
              {look.letter}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function pieces(of: number, slices: number) {
  const out = [];
  const r = 34;
  for (let i = 0; i < of; i++) {
    const a0 = (i / of) * 2 * Math.PI - Math.PI / 2;
    const a1 = ((i + 1) / of) * 2 * Math.PI - Math.PI / 2;
    const d = of === 1 ? "" : `M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} A${r} ${r} 0 0 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
    const filled = i < slices;
    out.push(
      of === 1 ? (
        <circle key={i} r={r} class={filled ? "sp-piece" : "sp-gone"} />
      ) : (
        <path key={i} d={d} class={filled ? "sp-piece" : "sp-gone"} />
      ),
    );
  }
  return out;
}

/**
 * `decorative`: the card inside a button that carries its name (Hand.tsx Pickable), hidden from assistive
 * tech so the name is not read twice (its label stays on it for the page's own scripts).
 */
export function CardFace({ card, small, decorative }: { card: Card; small?: boolean; decorative?: boolean }) {
  const w = 90;
  const h = 120;
  return (
    <svg class={`sp-card sp-${card.kind} ${small ? "sp-small" : ""}`} viewBox={`${-w / 2} ${-h / 2} ${w} ${h}`} role="img" aria-label={cardLabel(card)} aria-hidden={decorative ? "true" : undefined}>
      {card.kind === "pizza" ? (
        <g>
          <rect x={-w / 2 + 2} y={-h / 2 + 2} width={w - 4} height={h - 4} rx={12} class="sp-card-bg" />
          <g transform="translate(0,-12)">
            <circle r={38} class="sp-crust" />
            {pieces(card.of, card.slices)}
          </g>
          <text y={44} text-anchor="middle" class="sp-amount">
            {card.text}
          </text>
          <Toppings names={card.toppings} y={-43} />
        </g>
      ) : card.kind === "order" ? (
        <g>
          <rect x={-w / 2 + 2} y={-h / 2 + 2} width={w - 4} height={h - 4} rx={4} class="sp-ticket" />
          <text y={-26} text-anchor="middle" class="sp-ticket-title" style={{ fontSize: `${titleSize(S.sp_order, 13, TITLE_WIDTH, 2)}px` }}>
            {S.sp_order}
          </text>
          <text y={14} text-anchor="middle" class="sp-amount big">
            {card.text}
          </text>
          <Toppings names={card.toppings} y={40} />
        </g>
      ) : (
        <g>
          <rect x={-w / 2 + 2} y={-h / 2 + 2} width={w - 4} height={h - 4} rx={4} class="sp-purple" />
          <text y={-22} text-anchor="middle" class="sp-purple-title" style={{ fontSize: `${purpleTitleSize(card.kind)}px` }}>
            {card.kind === "special_order" ? S.sp_specialShort : S.sp_cancelledShort}
          </text>
          {card.kind === "special_order" ? <Toppings names={card.toppings} y={14} /> : <text y={24} text-anchor="middle" class="sp-cross">✕</text>}
        </g>
      )}
    </svg>
  );
}
