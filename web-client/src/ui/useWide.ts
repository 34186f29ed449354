// Whether the window is a big screen's: the watch page and the table lay out
// for a TV or a laptop above 900 px, and for a phone below.
import { useEffect, useState } from "preact/hooks";

/** Whether the window is wider than 900 px, kept up to date on resize. */
export function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof window !== "undefined" && window.innerWidth > 900);
  useEffect(() => {
    const look = () => setWide(window.innerWidth > 900);
    window.addEventListener("resize", look);
    return () => window.removeEventListener("resize", look);
  }, []);
  return wide;
}
