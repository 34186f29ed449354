// The shipped emoji font (issue 27): which screens load it whole, and the page
// is told when it has arrived (html.emoji-ready), even where loading fails.
import { afterEach, describe, expect, it } from "vitest";
import { loadsWholeFont, preloadEmojiFont } from "../src/emojiFont";

afterEach(() => document.documentElement.classList.remove("emoji-ready"));

describe("the shipped emoji font", () => {
  it("is loaded whole on the big screens, piece by piece on phones", () => {
    expect(["/tv", "/watch/ABCD", "/replay", "/teacher"].map(loadsWholeFont)).toEqual([true, true, true, true]);
    expect(["/", "/join/ABCD", "/class/ABCDEF", "/admin"].map(loadsWholeFont)).toEqual([false, false, false, false]);
  });

  it("loads every piece of its family on a big screen, then marks the page so its text is shaped again", async () => {
    const loaded: string[] = [];
    const face = (family: string, range: string, fails = false) => ({ family, unicodeRange: range, load: async () => { loaded.push(range); if (fails) throw new Error("offline"); } });
    const faces = [face('"Noto Color Emoji"', "U+1F355"), face("Noto Color Emoji", "U+1F44D", true), face("Other", "U+41")];
    Object.defineProperty(document, "fonts", { configurable: true, value: { [Symbol.iterator]: () => faces[Symbol.iterator](), load: async () => [] } });
    try {
      await preloadEmojiFont(true);
      // every piece of the emoji family was asked for, none of another family, and a failed piece still lets the page go on
      expect(loaded).toEqual(["U+1F355", "U+1F44D"]);
      expect(document.documentElement.classList.contains("emoji-ready")).toBe(true);
    } finally {
      delete (document as unknown as { fonts?: unknown }).fonts;
    }
  });
});
