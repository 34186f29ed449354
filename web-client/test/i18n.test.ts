// The catalogues: both languages have every key, no component writes words
// of its own, plurals and lists follow each language's rules, and the switch
// swaps every `S.key` and is remembered.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { chooseLanguage, LANG_STORAGE_KEY, listOf, plural } from "../src/i18n";
import { CATALOGUES, S, errorText, setLanguage } from "../src/strings";
import { hintText } from "../src/games/splittissimo/text";
import { hostErrorText } from "../src/screens/TvScreen";
import type { Lobby } from "../src/net/wire";

const SRC = join(__dirname, "..", "src");

/** Every leaf of a catalogue as "path" -> value (functions and strings alike). */
function leaves(value: unknown, path = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) for (const [p, leaf] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, leaf);
  } else {
    out.set(path, value);
  }
  return out;
}

describe("the catalogues", () => {
  const en = leaves(CATALOGUES.en);
  const es = leaves(CATALOGUES.es);

  it("have exactly the same keys, nested ones included", () => {
    const missingInEs = [...en.keys()].filter((k) => !es.has(k));
    const missingInEn = [...es.keys()].filter((k) => !en.has(k));
    expect(missingInEs).toEqual([]);
    expect(missingInEn).toEqual([]);
    expect(en.size).toBeGreaterThan(300);
  });

  it("give every key a non-empty value of the same kind, functions taking the same arguments", () => {
    for (const [key, value] of en) {
      const other = es.get(key);
      expect(typeof other, key).toBe(typeof value);
      if (typeof value === "string") expect((other as string).trim().length, key).toBeGreaterThan(0);
      if (typeof value === "function") expect((other as (...a: unknown[]) => unknown).length, key).toBe(value.length);
    }
  });

  it("are really translated: every longer Spanish string differs from the English one, names aside", () => {
    // The product's and the games' names are printed on the box and stay as they are.
    const names = new Set(["appName", "game_pizza_theory", "game_new_york_slice", "game_splittissimo"]);
    const strings = [...en].filter(([k, v]) => typeof v === "string" && (v as string).length > 12 && !names.has(k));
    const same = strings.filter(([k, v]) => es.get(k) === v).map(([k]) => k);
    expect(same).toEqual([]);
  });
});

/** Letters, not symbols (★, ✕, ≈, =, digits and punctuation are fine in markup). */
const WORDS = /\p{L}{2,}/u;
/** Attributes a person reads or a screen reader speaks. */
const SPOKEN = new Set(["aria-label", "title", "placeholder", "alt", "aria-description", "aria-valuetext"]);

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith(".tsx")) out.push(path);
  }
  return out;
}

/** Words written straight into JSX: text between tags, spoken attributes, and string literals inside `{...}`. */
function literalWords(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(SRC, path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node, inJsxExpression: boolean) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) found.push(`${where(node)} text ${JSON.stringify(node.text.trim())}`);
    if (ts.isJsxAttribute(node) && SPOKEN.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && WORDS.test(node.initializer.text))
      found.push(`${where(node)} ${node.name.getText()}=${JSON.stringify(node.initializer.text)}`);
    if (inJsxExpression && !ts.isJsxAttribute(node.parent) && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /\p{L}{2,}\s+\p{L}{2,}/u.test(node.text))
      found.push(`${where(node)} literal ${JSON.stringify(node.text)}`);
    if (inJsxExpression && ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
      // `game_${id}` is a catalogue key; words are letters followed by a space.
      if (/\p{L}{2,}\s/u.test(parts)) found.push(`${where(node)} template ${JSON.stringify(node.getText())}`);
    }
    // Inside an attribute only the spoken ones count (class names and keys are code);
    // an expression between tags is shown, so its string literals count.
    let next = inJsxExpression;
    if (ts.isJsxAttribute(node)) next = SPOKEN.has(node.name.getText());
    else if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) next = true;
    node.forEachChild((child) => visit(child, next));
  };
  visit(file, false);
  return found;
}

describe("components", () => {
  it("write no words of their own: every visible text and spoken attribute comes from a catalogue", () => {
    // The operator screens (admin, replay) keep their own English word lists and are not for players.
    const files = sourceFiles(SRC).filter((p) => !/[\\/](admin|replay)[\\/]/.test(p));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap(literalWords);
    expect(found).toEqual([]);
  });

  it("the scan does catch a literal (so the test above can fail)", () => {
    const probe = join(__dirname, "fixtures", "literal.tsx");
    expect(literalWords(probe).length).toBe(3);
  });
});

describe("plurals and lists come from the browser's Intl rules", () => {
  it("picks the form by the language's plural category", () => {
    expect(plural("en", 1, { one: "# card", other: "# cards" })).toBe("1 card");
    expect(plural("en", 0, { one: "# card", other: "# cards" })).toBe("0 cards");
    expect(plural("es", 1, { one: "# carta", other: "# cartas" })).toBe("1 carta");
    expect(plural("es", 0, { one: "# carta", other: "# cartas" })).toBe("0 cartas");
    expect(CATALOGUES.es.sp_deck(1)).toBe("Queda 1 carta por robar");
    expect(CATALOGUES.es.sp_deck(7)).toBe("Quedan 7 cartas por robar");
    expect(CATALOGUES.en.spectators(1)).toBe("1 watching");
    expect(CATALOGUES.es.spectators(2)).toBe("2 personas mirando");
  });

  it("joins names the way each language does", () => {
    expect(listOf("en", ["Ana", "Ben", "Cy"])).toBe("Ana, Ben, and Cy");
    expect(listOf("es", ["Ana", "Ben", "Cy"])).toBe("Ana, Ben y Cy");
    expect(CATALOGUES.es.list(["Ana"])).toBe("Ana");
  });

  it("names Pizza Theory's sectors as ordinals", () => {
    expect([0, 1, 2].map(CATALOGUES.en.pt_sector)).toEqual(["1st", "2nd", "3rd"]);
    expect(CATALOGUES.es.pt_sector(0)).toBe("1.º");
  });
});

describe("choosing and switching the language", () => {
  afterEach(() => {
    localStorage.clear();
    setLanguage("en", false);
  });

  it("follows the browser's first language we have, unless the person chose one here", () => {
    expect(chooseLanguage(null, ["es-MX", "en"])).toBe("es");
    expect(chooseLanguage(null, ["fr-FR", "es"])).toBe("es");
    expect(chooseLanguage(null, ["fr-FR", "de"])).toBe("en");
    expect(chooseLanguage("en", ["es-ES"])).toBe("en");
    expect(chooseLanguage("xx", ["es-ES"])).toBe("es");
  });

  it("swaps every S.key and remembers the choice", () => {
    expect(S.yourTurn).toBe("Your turn");
    setLanguage("es");
    expect(S.yourTurn).toBe("Te toca");
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("es");
    expect(document.documentElement.lang).toBe("es");
  });
});

describe("what the hub sends as codes and data", () => {
  afterEach(() => setLanguage("en", false));

  it("turns an error code into a sentence, never showing the hub's English message", () => {
    expect(errorText("move/not_your_turn")).toBe("It is not your turn yet.");
    setLanguage("es", false);
    expect(errorText("move/not_your_turn")).toBe("Todavía no te toca.");
    expect(errorText("some/new_code")).toBe(CATALOGUES.es.errorUnknown);
  });

  it("fills a refused start with the numbers the TV knows", () => {
    const player = { id: 1, name: "Ana", bot: null, human: true, connected: true, seat: null };
    const lobby: Lobby = { phase: "lobby", host_connected: true, locked: false, game: "pizza_theory", options: {}, players: [player], spectators: 0 };
    expect(hostErrorText("host/player_count", lobby)).toBe("Needs at least 2 players (1 so far).");
    setLanguage("es", false);
    expect(hostErrorText("host/player_count", lobby)).toBe("Hacen falta al menos 2 jugadores (hay 1).");
    expect(hostErrorText("host/no_game", null)).toBe("Primero elige un juego.");
  });

  it("writes a Splittissimo hint from its structured fields", () => {
    const hint = { kind: "trick", hand: ["3/4"], table: ["1/2", "1/4"], toppings: ["tomato"], sum: "1/2 + 1/4 = 3/4", text: "English" };
    // cards named as printed, with the toppings the trick needs (issue 25 §4)
    expect(hintText(hint)).toBe("Try your order 3/4 tomato with the pizzas 1/2 tomato and 1/4 tomato: 1/2 + 1/4 = 3/4.");
    setLanguage("es", false);
    expect(hintText(hint)).toBe("Prueba tu pedido 3/4 tomate con las pizzas 1/2 tomate y 1/4 tomate: 1/2 + 1/4 = 3/4.");
    expect(hintText({ kind: "end_turn", cards: 4 })).toBe("No hay más bazas: termina tu turno y roba hasta tener 4 cartas.");
    expect(hintText(null)).toBe(CATALOGUES.es.sp_nothingToDo);
  });
});
