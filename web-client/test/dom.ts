// A fresh element to render into for each test of a file, emptied and removed after it.
import { render } from "preact";
import { afterEach, beforeEach } from "vitest";

/** Registers the file's beforeEach/afterEach; call the returned function for this test's element. */
export function mountPoint(): () => HTMLElement {
  let root: HTMLElement | null = null;
  beforeEach(() => {
    root = document.createElement("div");
    document.body.appendChild(root);
  });
  afterEach(() => {
    if (root) {
      render(null, root);
      root.remove();
      root = null;
    }
  });
  return () => root!;
}
