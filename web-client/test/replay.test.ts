import { describe, expect, it } from "vitest";
import { REPLAY_CATALOGUES } from "../src/replay/strings";
import { eventName, firstGameStep, frameAt, parseReplay, ReplayFileError } from "../src/replay/model";

const lobby = { phase: "lobby", host_connected: true, locked: false, game: null, options: {}, players: [], spectators: 0 };
const doc = {
  format: "pizzanight-replay",
  version: 1,
  pizzanight: "0.1.0",
  exported_at: "2026-11-23T13:00:00+00:00",
  room: { id: "r1", code: "BCDF" },
  games: [{ id: "pizza_theory", title: "Pizza Theory", version: "0.1.0" }],
  setup: [],
  records: [
    { v: 1, event: { r: { type: "RoomOpened" } }, digest: "a", tv: { lobby, game: null, outcome: null } },
    { v: 2, event: { g: { type: "CutChosen" } }, digest: "b", tv: { lobby: { ...lobby, phase: "playing" }, game: { type: "View" }, outcome: null } },
  ],
  final: { version: 2, phase: "playing", digest: "b", outcome: null },
};

describe("replay files", () => {
  it("reads a replay and starts where a game is on the table", () => {
    const replay = parseReplay(JSON.stringify(doc));
    expect(firstGameStep(replay)).toBe(1);
    expect(frameAt(replay, 1)).toMatchObject({ t: "state", room: "BCDF", version: 2, game: { type: "View" }, you: { role: "spectator" } });
    expect(frameAt(replay, 99).version).toBe(2); // clamped to the last record
    expect(eventName(replay, 1)).toBe("Cut Chosen");
    // in the viewer's language, from the replay catalogue
    expect(eventName(replay, 1, REPLAY_CATALOGUES.en.events)).toBe("Cut chosen");
    expect(eventName(replay, 1, REPLAY_CATALOGUES.es.events)).toBe("Corte elegido");
  });

  it.each([
    ["not json", "This file is not JSON."],
    [JSON.stringify({ format: "other" }), "This file is not a Pizza Night replay."],
    [JSON.stringify({ ...doc, version: 2 }), "format version 2"],
    [JSON.stringify({ ...doc, records: [] }), "no records"],
  ])("refuses %s", (text, message) => {
    expect(() => parseReplay(text)).toThrow(ReplayFileError);
    expect(() => parseReplay(text)).toThrow(message);
  });
});

describe("the replay's words", () => {
  it("follow the app's language, the host menu's Download replay included", async () => {
    const { setLanguage } = await import("../src/strings");
    const replay = await import("../src/replay/strings");
    setLanguage("es", false);
    expect(replay.R.download).toBe("Descargar la repetición");
    expect(replay.R.stepOf(2, 9)).toBe("Paso 2 de 9");
    setLanguage("en", false);
    expect(replay.R.download).toBe("Download replay");
  });
});
