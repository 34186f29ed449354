import { describe, expect, it } from "vitest";
import { joinUrl, normaliseCode, parseRoute, watchUrl } from "../src/route";

describe("routes", () => {
  it.each([
    ["/tv", { screen: "tv" }],
    ["/", { screen: "join", code: null }],
    ["/join", { screen: "join", code: null }],
    ["/join/bcdf", { screen: "join", code: "BCDF" }],
    ["/join/TOOLONG", { screen: "join", code: null }],
    ["/watch/KMNP", { screen: "watch", code: "KMNP" }],
    ["/watch", { screen: "join", code: null }],
    ["/replay", { screen: "replay", src: null }],
    ["/admin", { screen: "admin" }],
  ])("%s shows %o", (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });

  it("takes a code from ?code= on the root page", () => {
    expect(parseRoute("/", "?code=wxyz")).toEqual({ screen: "join", code: "WXYZ" });
  });

  it("takes a replay file's address from ?src=", () => {
    expect(parseRoute("/replay", "?src=/files/game.replay.json")).toEqual({ screen: "replay", src: "/files/game.replay.json" });
  });

  it("normalises codes and refuses anything but four letters", () => {
    expect(normaliseCode(" bcdf ")).toBe("BCDF");
    expect(normaliseCode("BC1F")).toBeNull();
    expect(normaliseCode(undefined)).toBeNull();
  });

  it("builds the QR address from the hub's join base", () => {
    expect(joinUrl("http://192.168.1.5:8000/join/", "BCDF")).toBe("http://192.168.1.5:8000/join/BCDF");
  });
});

describe("watchUrl", () => {
  it("puts the watch page beside the join page", () => {
    expect(watchUrl("http://192.168.1.5:8000/join", "BCDF")).toBe("http://192.168.1.5:8000/watch/BCDF");
    expect(watchUrl("http://192.168.1.5:8000/join/", "BCDF")).toBe("http://192.168.1.5:8000/watch/BCDF");
    expect(parseRoute("/watch/BCDF")).toEqual({ screen: "watch", code: "BCDF" });
  });
});
