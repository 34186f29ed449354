"""Draw the web app's PNG icons from web-client/public/icon.svg (run after changing the SVG).

Phones want PNGs: Android's install prompt asks for 192 and 512 px icons
(and a maskable one, drawn inside the central 80 % circle so any mask shape
keeps the whole pizza), iOS for a 180 px apple-touch-icon.  Headless Chromium
(the browser tests' own) renders the SVG exactly as a browser would; the PNGs
are committed, so building the client needs no browser.

    .venv/bin/python scripts/icons.py
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from playwright.sync_api import sync_playwright

PUBLIC = Path(__file__).resolve().parents[1] / "web-client" / "public"
CHROMIUM = os.environ.get("PIZZANIGHT_CHROMIUM", "/usr/bin/chromium")
BACKGROUND = "#2b1a12"  # the SVG's own ground, also the manifest's background_color

#: (file, size in px, the SVG's share of the square: maskable icons keep to the safe zone)
ICONS = (
    ("icon-192.png", 192, 1.0),
    ("icon-512.png", 512, 1.0),
    ("icon-maskable-512.png", 512, 0.8),
    ("apple-touch-icon.png", 180, 1.0),
)


def page_for(svg: bytes, size: int, share: float) -> str:
    inner = round(size * share)
    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    return (
        f"<html><body style='margin:0;width:{size}px;height:{size}px;background:{BACKGROUND};"
        f"display:flex;align-items:center;justify-content:center'>"
        f"<img src='{src}' width='{inner}' height='{inner}'></body></html>"
    )


def main() -> None:
    svg = (PUBLIC / "icon.svg").read_bytes()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for name, size, share in ICONS:
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                page.set_content(page_for(svg, size, share))
                page.wait_for_function("() => document.images[0].complete")
                page.screenshot(path=str(PUBLIC / name), clip={"x": 0, "y": 0, "width": size, "height": size})
                page.close()
                print(f"{name}: {size}x{size}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
