"use client";

import { useEffect } from "react";

/** spec foundation §9: button clicks are throttled to one per second, for every button of the page. */
export const CLICK_THROTTLE_MS = 1000;

export function ClickThrottle() {
  useEffect(() => {
    const last = new WeakMap<Element, number>();
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button, [role=button], input[type=submit]");
      if (!button) return;
      const now = performance.now();
      const previous = last.get(button);
      if (previous !== undefined && now - previous < CLICK_THROTTLE_MS) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      last.set(button, now);
    };
    // on window, capture phase: before React's own listeners on the document
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);
  return null;
}
