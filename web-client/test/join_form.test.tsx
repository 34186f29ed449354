// The join page for a returning player on a new phone (no-TV audit item 3): the name-taken message
// points to "I had a seat", and switching to it keeps the room code typed and clears the old error.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { JoinForm } from "../src/screens/PhoneScreen";
import { S, errorText, setLanguage } from "../src/strings";
import { mountPoint } from "./dom";

const root = mountPoint();
afterEach(() => setLanguage("en", false));

function form(error: string | null, code: string | null = null) {
  act(() => {
    render(<JoinForm code={code} name="Ana" error={error} onJoin={() => {}} onReclaim={() => {}} />, root());
  });
}

const input = (id: string) => root().querySelector<HTMLInputElement>(`#${id}`);
const alertText = () => root().querySelector("[role=alert]")?.textContent ?? null;
const reclaimButton = () => [...root().querySelectorAll("button")].find((b) => b.textContent === S.reclaimLink)!;

describe("a name already taken in the room", () => {
  it("says how a player on a new phone gets her seat back", () => {
    const text = errorText("room/name_taken", { name: "Ana" });
    expect(text).toContain("Ana");
    expect(text).toContain("new phone");
    expect(text).toContain(S.reclaimLinkShort);
    setLanguage("es", false);
    const es = errorText("room/name_taken", { name: "Ana" });
    expect(es).toContain("móvil nuevo");
    expect(es).toContain(S.reclaimLinkShort);
  });

  it("keeps the room code and clears the stale error on I had a seat", () => {
    // the phone came back from a refused join: its address named the room, the error came from the hub
    form(errorText("room/name_taken", { name: "Ana" }), "WBXB");
    expect(alertText()).toContain("Ana");
    act(() => reclaimButton().click());
    expect(input("code")!.value).toBe("WBXB");
    expect(input("reclaim")).not.toBeNull();
    expect(alertText()).toBeNull();
  });

  it("keeps a typed code too", () => {
    form(null, null);
    const code = input("code")!;
    act(() => {
      code.value = "wbxb";
      code.dispatchEvent(new Event("input", { bubbles: true }));
    });
    act(() => reclaimButton().click());
    expect(input("code")!.value).toBe("WBXB");
  });
});

describe("the join page, which cannot know whether the room has a TV", () => {
  it("says where the room code is for both kinds of room", () => {
    form(null);
    expect(root().querySelector("label[for=code]")!.textContent).toBe("Room code (on the TV or the host's phone)");
    expect(root().querySelector(".tagline")!.textContent).not.toContain("the TV is the table");
    setLanguage("es", false);
    form(null);
    expect(root().querySelector("label[for=code]")!.textContent).toBe("Código de la sala (en la tele o en el móvil del anfitrión)");
    expect(root().querySelector(".tagline")!.textContent).not.toContain("la tele es la mesa");
  });
});

describe("the reclaim code on the host's phone", () => {
  it("shows the room code the new phone needs too", async () => {
    const { ReclaimShown } = await import("../src/screens/Reclaim");
    act(() => {
      render(<ReclaimShown shown={{ name: "Ana", code: "QWERTY", until: "21:40", seconds: 600 } as never} onDone={() => {}} room="WBXB" />, root());
    });
    expect(root().querySelector(".reclaim-room")!.textContent).toBe("Room code: WBXB");
  });
});
