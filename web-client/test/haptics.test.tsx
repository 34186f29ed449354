// Haptics on phones where supported (issue 13): when it becomes this phone's
// turn, the phone buzzes through navigator.vibrate if the browser has it, once
// per turn; where it is missing (iOS Safari, desktops) or refuses, nothing
// happens and nothing breaks.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTurnBuzz } from "../src/screens/hooks";

function Phone({ mine }: { mine: boolean }) {
  useTurnBuzz(mine);
  return <p>{mine ? "your turn" : "waiting"}</p>;
}

let root: HTMLElement;
const original = Object.getOwnPropertyDescriptor(navigator, "vibrate");

function setVibrate(value: unknown): void {
  Object.defineProperty(navigator, "vibrate", { value, configurable: true, writable: true });
}

function show(mine: boolean): void {
  act(() => {
    render(<Phone mine={mine} />, root);
  });
}

beforeEach(() => {
  root = document.createElement("div");
  document.body.appendChild(root);
});

afterEach(() => {
  render(null, root);
  root.remove();
  if (original) Object.defineProperty(navigator, "vibrate", original);
  else delete (navigator as unknown as Record<string, unknown>).vibrate;
});

describe("the turn buzz", () => {
  it("vibrates once when the turn becomes this phone's, and again on its next turn", () => {
    const vibrate = vi.fn((_pattern: VibratePattern) => true);
    setVibrate(vibrate);
    show(false);
    expect(vibrate).not.toHaveBeenCalled();
    show(true);
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(vibrate.mock.calls[0][0]).toEqual([120, 60, 120]);
    show(true); // a new state during the same turn: no second buzz
    expect(vibrate).toHaveBeenCalledTimes(1);
    show(false);
    show(true);
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  it("does nothing, and throws nothing, where the browser has no vibrate", () => {
    delete (navigator as unknown as Record<string, unknown>).vibrate;
    if ("vibrate" in navigator) setVibrate(undefined);
    expect(typeof navigator.vibrate).not.toBe("function");
    expect(() => {
      show(false);
      show(true);
    }).not.toThrow();
    expect(root.textContent).toBe("your turn");
  });

  it("carries on when the browser refuses to vibrate", () => {
    setVibrate(vi.fn(() => {
      throw new Error("NotAllowedError");
    }));
    expect(() => show(true)).not.toThrow();
    expect(root.textContent).toBe("your turn");
  });
});
