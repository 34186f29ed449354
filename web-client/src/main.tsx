import { render } from "preact";
// The shared styles load before any game's own (src/games/<game>/styles.css).
import "./styles.css";
// Colour emoji the client serves itself (emojiFont.ts): a name with an emoji
// and the reaction buttons draw on a TV browser with no emoji font.
import { loadsWholeFont, preloadEmojiFont } from "./emojiFont";
import { App } from "./App";
import { S } from "./strings";

// Screen readers and the browser's hyphenation follow the catalogue in use.
document.documentElement.lang = S.lang;

render(<App />, document.getElementById("app")!);
void preloadEmojiFont(loadsWholeFont(location.pathname));

// Installable, and offline enough to show "reconnecting" rather than a browser
// error (public/sw.js).  Service workers need a secure context: https or localhost.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
