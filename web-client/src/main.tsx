import { render } from "preact";
// The shared styles load before any game's own (src/games/<game>/styles.css).
import "./styles.css";
import { App } from "./App";

render(<App />, document.getElementById("app")!);
