// Errors travel as codes with parameters (docs/protocol.md "ack and error"):
// every code of the reference's error table has a sentence in both languages,
// and the sentences that use params say their numbers with each language's
// plural rules (Intl.PluralRules through i18n.plural).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CATALOGUES, errorText, setLanguage } from "../src/strings";
import { hostErrorText } from "../src/screens/TvScreen";

const PROTOCOL = readFileSync(join(__dirname, "..", "..", "docs", "protocol.md"), "utf-8");

/** The codes named in the first column of the reference's "Error codes" table. */
function referenceCodes(): string[] {
  const table = PROTOCOL.slice(PROTOCOL.indexOf("## Error codes"), PROTOCOL.indexOf("## Close codes"));
  const codes = new Set<string>();
  for (const line of table.split("\n")) {
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(/`([a-z_]+\/[a-z_]+)`/g)) codes.add(m[1]);
  }
  return [...codes].sort();
}

afterEach(() => setLanguage("en", false));

describe("error sentences", () => {
  const codes = referenceCodes();

  it("reads the reference's table", () => {
    expect(codes.length).toBeGreaterThan(60);
    expect(codes).toContain("room/bad_reclaim");
    expect(codes).toContain("host/seat_connected");
  });

  it.each(["en", "es"] as const)("has a %s sentence for every code in the reference", (lang) => {
    const missing = codes.filter((code) => !CATALOGUES[lang].errors[code]);
    expect(missing).toEqual([]);
  });

  it("has the same params sentences in both languages", () => {
    expect(Object.keys(CATALOGUES.es.errorParams).sort()).toEqual(Object.keys(CATALOGUES.en.errorParams).sort());
  });

  it("uses params with plurals in English", () => {
    expect(errorText("room/full", { max: 12 })).toBe("The room is full: at most 12 players.");
    expect(errorText("slicing/wrong_portion_count", { portions: 1 })).toBe("Make 1 portion: one per player.");
    expect(errorText("slicing/wrong_portion_count", { portions: 4 })).toBe("Make 4 portions: one per player.");
    expect(errorText("room/reclaim_expired", { minutes: 10 })).toContain("codes last 10 minutes");
    expect(errorText("host/seat_connected", { name: "Ana" })).toBe("Ana's phone is still connected: only a lost phone's seat can be handed over.");
    expect(hostErrorText("host/player_count", null, { game: "Pizza Theory", min: 2, max: 3, players: 1 })).toBe(
      "Pizza Theory takes 2–3 players, and 1 is ready to play.",
    );
  });

  it("uses params with plurals in Spanish", () => {
    setLanguage("es", false);
    expect(errorText("slicing/wrong_portion_count", { portions: 1 })).toBe("Haz 1 ración: una por jugador.");
    expect(errorText("slicing/wrong_portion_count", { portions: 3 })).toBe("Haz 3 raciones: una por jugador.");
    expect(errorText("room/name_taken", { name: "Ana" })).toBe(
      "Alguien de la sala ya se llama Ana. ¿Eres tú con un móvil nuevo? Pide un código al anfitrión y toca Ya tenía un asiento. Si no, elige otro nombre.",
    );
  });

  it("falls back to the plain sentence without params", () => {
    expect(errorText("room/full")).toBe(CATALOGUES.en.errors["room/full"]);
    expect(errorText("move/not_your_turn", { seat: 2 })).toBe(CATALOGUES.en.errors["move/not_your_turn"]);
  });
});
