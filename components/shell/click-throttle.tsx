"use client";

import { useEffect } from "react";
import { createClickThrottle } from "./click-throttle-rule";
import { listen } from "./listen";

/** spec foundation §9: button clicks are throttled to one per second, for every button of the page (click-throttle-rule.ts). */
export function ClickThrottle() {
  useEffect(() => {
    const throttle = createClickThrottle<Element>();
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button, [role=button], input[type=submit]");
      if (!button || throttle.allow(button, performance.now())) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    // a field's value changed (typed, chosen, pasted): the next click of any button is no repeat
    const onEdit = () => throttle.edited();
    // on window, capture phase: before React's own listeners on the document
    return listen(
      [
        [window, "click", onClick],
        [window, "input", onEdit],
        [window, "change", onEdit],
      ],
      { capture: true },
    );
  }, []);
  return null;
}
