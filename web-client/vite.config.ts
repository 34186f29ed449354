/// <reference types="vitest/config" />
// Vite builds the client into dist/ (served by `pizzanight serve`); in
// development `npm run dev` proxies the websocket to a running hub, set with
// PIZZANIGHT_HUB (default http://127.0.0.1:8000).
import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

const hub = process.env.PIZZANIGHT_HUB ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [preact()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2020" },
  server: { proxy: { "/ws": { target: hub, ws: true }, "/api": hub } },
  test: { environment: "jsdom", include: ["test/**/*.test.ts", "test/**/*.test.tsx"] },
});
