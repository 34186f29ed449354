import { render } from "preact";
// The shared styles load before any game's own (src/games/<game>/styles.css).
import "./styles.css";
import { App } from "./App";
import { S } from "./strings";

// Screen readers and the browser's hyphenation follow the catalogue in use.
document.documentElement.lang = S.lang;

render(<App />, document.getElementById("app")!);
