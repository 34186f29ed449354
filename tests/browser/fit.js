// Does this screen fit its window?  Run in the page by tests/browser/test_fit.py
// (page.evaluate(source, options)); returns a list of problems, each a short
// sentence naming the element, so a failing test says what to fix.
//
// It looks for: a page that scrolls; a box that scrolls inside the page; text
// clipped by its own box (scrollWidth > clientWidth, or taller than a box that
// hides its overflow); text outside the window; text hidden under another
// element (a reaction bar, a tally, a panel) and two labels drawn over each
// other.  Only what a person can see counts: elements hidden, transparent or
// visually hidden for screen readers (.sr-only) are skipped.
(options) => {
  const ignore = (options && options.ignore) || [];
  // `within`: judge only this part (a dialog over a screen measured on its own); the page's scroll is then the screen's
  const within = options && options.within ? document.querySelector(options.within) : null;
  const slack = 1;
  const problems = [];
  const W = window.innerWidth;
  const H = window.innerHeight;

  const describe = (el) => {
    if (!el || !el.tagName) return String(el);
    const cls = typeof el.className === "string" ? el.className : el.getAttribute("class") || "";
    const text = (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${cls ? " ." + cls.trim().split(/\s+/).join(".") : ""}> "${text}"`;
  };
  const ignored = (el) => ignore.some((sel) => el.closest && el.closest(sel)) || (within && !within.contains(el));

  const seen = new Map();
  const visible = (el) => {
    if (seen.has(el)) return seen.get(el);
    let ok = true;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) { ok = false; break; }
      if (e.classList && e.classList.contains("sr-only")) { ok = false; break; }
      if (s.clip === "rect(0px, 0px, 0px, 0px)" || s.clipPath === "inset(50%)") { ok = false; break; }
    }
    seen.set(el, ok);
    return ok;
  };

  // 1. the page itself never scrolls
  const root = document.documentElement;
  const shrunk = [...document.querySelectorAll("[data-fit]")].map((e) => ` (shrunk to ${e.dataset.fit})`).join("");
  if (!within && root.scrollHeight > H + slack) problems.push(`the page scrolls down: ${root.scrollHeight} px tall in a ${H} px window${shrunk}`);
  if (!within && root.scrollWidth > W + slack) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${W} px window`);

  // 2. no box scrolls inside it
  for (const el of document.body.querySelectorAll("*")) {
    if (ignored(el)) continue;
    const s = getComputedStyle(el);
    const scrolls = (o) => o === "auto" || o === "scroll";
    if ((scrolls(s.overflowY) && el.scrollHeight > el.clientHeight + slack) || (scrolls(s.overflowX) && el.scrollWidth > el.clientWidth + slack)) {
      if (visible(el)) problems.push(`an inner scroll box: ${describe(el)} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
    }
  }

  // the text on screen: each text node with letters, its element and its line boxes
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || ignored(el) || el.closest("script, style, title, desc, option")) continue;
    if (!visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    let rects = [...range.getClientRects()];
    // a name shortened with "…" shows only its own box's width of the text (the rest is hidden, not drawn)
    const es = getComputedStyle(el);
    if (es.textOverflow === "ellipsis" && es.overflowX !== "visible") {
      const box = el.getBoundingClientRect();
      rects = rects.map((r) => {
        const left = Math.max(r.left, box.left), right = Math.min(r.right, box.right);
        return new DOMRect(left, r.top, Math.max(0, right - left), r.height);
      });
    }
    rects = rects.filter((r) => r.width > 0.5 && r.height > 0.5);
    if (rects.length) texts.push({ node, el, rects });
  }

  // 3. text clipped by its own box: an element that holds text and is narrower (or, hiding its overflow, shorter) than its content
  const checked = new Set();
  for (const { el } of texts) {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      if (checked.has(e)) break;
      checked.add(e);
      if (e instanceof SVGElement) continue;
      const s = getComputedStyle(e);
      if (s.display === "inline" || s.display === "contents") continue;
      if (e.clientWidth === 0 && e.clientHeight === 0) continue;
      const hides = s.overflowX !== "visible" || s.overflowY !== "visible" || s.textOverflow === "ellipsis";
      // A box that lets its overflow show is clipped only when its own text runs out of it sideways.
      const own = [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      // A name shortened on purpose ("Bartholom…"): one line ending in an ellipsis, the whole text in its
      // title, and at least three letters' room shown.  Anything else cut short is clipped.
      const shortened =
        s.textOverflow === "ellipsis" && s.whiteSpace === "nowrap" && e.getAttribute("title") === (e.textContent || "").trim() &&
        e.clientWidth >= 1.8 * parseFloat(s.fontSize);
      if (shortened) continue;
      if (e.scrollWidth > e.clientWidth + slack && (hides || own) && e.tagName !== "INPUT") {
        problems.push(`clipped text: ${describe(e)} (${e.scrollWidth} px of text in ${e.clientWidth} px)`);
      } else if (hides && s.overflowY !== "visible" && e.scrollHeight > e.clientHeight + slack && !["auto", "scroll"].includes(s.overflowY)) {
        problems.push(`clipped text: ${describe(e)} (${e.scrollHeight} px tall in ${e.clientHeight} px)`);
      }
    }
  }

  // 4. text outside the window
  for (const { el, rects } of texts) {
    for (const r of rects) {
      if (r.left < -slack || r.top < -slack || r.right > W + slack || r.bottom > H + slack) {
        problems.push(`text outside the window: ${describe(el)} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
        break;
      }
    }
  }

  // 5. text under another element: what is drawn on top at the middle of each line (even an overlay that lets clicks through)
  const probe = document.createElement("style");
  probe.textContent = "* { pointer-events: auto !important; }";
  document.head.appendChild(probe);
  const paints = (e) => {
    if (!visible(e)) return false;
    if (["IMG", "SVG", "svg", "INPUT", "BUTTON", "SELECT", "TEXTAREA", "CANVAS", "VIDEO"].includes(e.tagName)) return true;
    if (e instanceof SVGElement) return e.tagName !== "g";
    const s = getComputedStyle(e);
    const opaque = (c) => c && c !== "transparent" && !/rgba\([^)]*,\s*0\)$/.test(c);
    if (opaque(s.backgroundColor) || s.backgroundImage !== "none") return true;
    if (["Top", "Right", "Bottom", "Left"].some((k) => parseFloat(s[`border${k}Width`]) > 0 && s[`border${k}Style`] !== "none")) return true;
    return [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
  };
  const related = (a, b) => a === b || a.contains(b) || b.contains(a);
  const modal = (e) => e.closest && e.closest(".dialog-backdrop, [aria-modal='true']");
  for (const { el, rects } of texts) {
    const r = rects[0];
    const x = Math.min(Math.max(r.left + r.width / 2, 0), W - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), H - 1);
    // the first element at that point that paints something (an empty full-height overlay does not)
    const top = document.elementsFromPoint(x, y).find((e) => e === el || e.contains(el) || paints(e));
    if (!top || related(top, el) || ignored(top)) continue;
    // the text's own control (a label over its input, a button's picture) is part of it
    const own = el.closest("label, button, a, li, .chip, .seg");
    if (own && own.contains(top)) continue;
    // a dialog covers the page on purpose; text inside the dialog is what counts
    if (modal(top) && !modal(el)) continue;
    // a drawing's own layers (a skewer across the pizza) are the game's picture, measured by its own tests
    if (el.closest("svg") && el.closest("svg") === top.closest("svg")) continue;
    problems.push(`text under another element: ${describe(el)} lies under ${describe(top)}`);
  }
  probe.remove();

  // 6. two labels over each other (line boxes of different text nodes intersecting by more than a sliver)
  const boxes = [];
  for (const { el, rects } of texts) for (const r of rects) boxes.push({ el, r });
  const cut = 2;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.el === b.el) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > cut && h > Math.min(a.r.height, b.r.height) / 3) {
        if (modal(a.el) && !modal(b.el)) continue;
        if (modal(b.el) && !modal(a.el)) continue;
        problems.push(`labels overlap: ${describe(a.el)} and ${describe(b.el)}`);
      }
    }
  }
  return [...new Set(problems)];
}
