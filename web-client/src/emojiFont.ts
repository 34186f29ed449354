// The colour emoji font the client ships (issue 27): Noto Color Emoji in its
// COLRv1 form (@infolektuell/noto-color-emoji, OFL-1.1: Google's font, split by
// unicode-range into 11 pieces, 2 MB in all) that Vite bundles and the hub
// serves.  COLRv1 is what Chromium draws; @fontsource's build of the same font
// keeps its pictures in an SVG table, which Chromium leaves blank.  styles.css
// names it last in the font list, after the text fonts, so text keeps its own
// fonts and only emoji come from here.
//
// Chromium shapes a name like "🍕Ana" the moment it appears; on a browser with
// no emoji font of its own, if the piece holding 🍕 is still loading then, it
// draws a box and keeps that shaping after the piece arrives.  So the big
// screens (TV, spectators, replays, the teacher's projector: the browsers most
// likely to lack an emoji font) load every piece at once, other screens the
// pieces their reaction buttons need, and when those have arrived the page's
// font list grows by one (html.emoji-ready), which makes the browser shape
// every text again, now with the pieces in hand.
import "@infolektuell/noto-color-emoji";
import { EMOJI } from "./reactions/model";

export const EMOJI_FAMILY = "Noto Color Emoji";

/** The screens that load the whole font up front (the others load pieces as text needs them). */
export function loadsWholeFont(pathname: string): boolean {
  const head = pathname.split("/").filter(Boolean)[0]?.toLowerCase() ?? "";
  return ["tv", "watch", "replay", "teacher"].includes(head);
}

/** Loads the font (all of it, or the reaction buttons' pieces), then has the page shape its text again. */
export function preloadEmojiFont(whole: boolean): Promise<void> {
  if (typeof document === "undefined" || !document.fonts) return Promise.resolve();
  const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, "") === EMOJI_FAMILY);
  const loading = whole ? Promise.allSettled(faces.map((face) => face.load())) : document.fonts.load(`1em "${EMOJI_FAMILY}"`, Object.values(EMOJI).join(""));
  return loading
    .catch(() => undefined)
    .then(() => {
      document.documentElement.classList.add("emoji-ready");
    });
}
