// The class's two addresses: /class/CODE is a student's page, /class/CODE/screen the projector's.
import { describe, expect, it } from "vitest";
import { parseRoute } from "../src/route";
import { TEACHER_CATALOGUES } from "../src/classroom/strings.teacher";

describe("class routes", () => {
  it("sends /class/CODE/screen to the projector, /class/CODE to the student's page", () => {
    expect(parseRoute("/class/ABCDEF/screen")).toEqual({ screen: "classScreen", code: "ABCDEF" });
    expect(parseRoute("/class/abcdef/Screen/")).toEqual({ screen: "classScreen", code: "ABCDEF" });
    expect(parseRoute("/class/ABCDEF")).toEqual({ screen: "class", code: "ABCDEF" });
    expect(parseRoute("/class/AB/screen")).toEqual({ screen: "class", code: null });
  });
});

describe("the projector's and teacher's catalogue", () => {
  it("is translated: Spanish has every key, longer strings differ", () => {
    const en = TEACHER_CATALOGUES.en as Record<string, unknown>;
    const es = TEACHER_CATALOGUES.es as Record<string, unknown>;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    const same = Object.keys(en).filter((k) => typeof en[k] === "string" && (en[k] as string).length > 8 && en[k] === es[k]);
    expect(same).toEqual([]);
  });
});
