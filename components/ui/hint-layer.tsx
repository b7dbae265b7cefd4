"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { listen } from "@/components/shell/listen";

/**
 * One tooltip for the whole page. An element with `data-hint="text"` shows the text above itself on hover and on
 * focus, in the look of shadcn's tooltip (dark pill with an arrow). Tables use it instead of a radix Tooltip per cell: a row's
 * icon buttons, cut texts and error codes then cost one attribute each, not a tooltip tree each (the job monitor's
 * server render took a third of its time in those trees; bench/RESULTS.md "Load").
 *
 * The hint is read as the element's description (`aria-describedby`) while it shows, unless it repeats the
 * element's `aria-label` or its text (a cut text is whole in the DOM). Escape, a click or the element leaving the page hides
 * it; it follows its element when the page scrolls.
 */
export const HINT_ID = "page-hint";

type Shown = { target: HTMLElement; text: string };
type Place = { top: number; left: number; side: "top" | "bottom"; arrow: number };

const GAP = 6; // px between the element and the hint
const MARGIN = 4; // px the hint keeps from the viewport's edges

function hintOf(node: EventTarget | null): HTMLElement | null {
  if (!(node instanceof Element)) return null;
  const target = node.closest<HTMLElement>("[data-hint]");
  return target?.dataset.hint ? target : null;
}

export function HintLayer() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const hintRef = useRef<HTMLDivElement>(null);
  const current = useRef<Shown | null>(null);

  useEffect(() => {
    const show = (target: HTMLElement) => {
      const text = target.dataset.hint ?? "";
      if (current.current?.target === target && current.current.text === text) return;
      current.current = { target, text };
      setShown(current.current);
    };
    const hide = () => {
      if (!current.current) return;
      current.current = null;
      setShown(null);
    };
    const onOver = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const target = hintOf(event.target);
      if (target) show(target);
      else hide();
    };
    const onOut = (event: PointerEvent) => {
      const target = current.current?.target;
      if (target && !(event.relatedTarget instanceof Node && target.contains(event.relatedTarget))) hide();
    };
    // focus that a press gives (a click on a button) shows no hint, as a radix tooltip does; any other focus does
    let pressing = false;
    const onDown = () => {
      pressing = true;
      hide();
    };
    const onUp = () => {
      pressing = false;
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = hintOf(event.target);
      if (target && target === event.target && !pressing) show(target);
      else hide();
    };
    // focusing an element scrolls it into view: the hint follows it instead of going away
    const follow = () => {
      if (!current.current) return;
      current.current = { ...current.current }; // a new object: placed again
      setShown(current.current);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    return listen(
      [
        [document, "pointerover", onOver],
        [document, "pointerout", onOut],
        [document, "pointerdown", onDown],
        [document, "pointerup", onUp],
        [document, "pointercancel", onUp],
        [document, "focusin", onFocusIn],
        [document, "focusout", hide],
        [document, "keydown", onKey],
        [window, "scroll", follow],
        [window, "resize", follow],
      ],
      { capture: true, passive: true },
    );
  }, []);

  // while shown: described by the hint, and gone when its element leaves the page (a row re-rendered, a dialog)
  useEffect(() => {
    if (!shown) return;
    const { target, text } = shown;
    const describe = text !== target.getAttribute("aria-label") && text !== target.textContent?.trim();
    const before = target.getAttribute("aria-describedby");
    if (describe) target.setAttribute("aria-describedby", before ? `${before} ${HINT_ID}` : HINT_ID);
    const watch = window.setInterval(() => {
      if (!target.isConnected || target.dataset.hint !== text) {
        current.current = null;
        setShown(null);
      }
    }, 250);
    return () => {
      window.clearInterval(watch);
      if (!describe) return;
      if (before) target.setAttribute("aria-describedby", before);
      else target.removeAttribute("aria-describedby");
    };
  }, [shown]);

  // placed above its element, centred, kept on screen; below it when there is no room above
  useLayoutEffect(() => {
    const hint = hintRef.current;
    if (!shown || !hint) {
      setPlace(null);
      return;
    }
    const box = shown.target.getBoundingClientRect();
    const { width, height } = hint.getBoundingClientRect();
    const centre = box.left + box.width / 2;
    const left = Math.min(Math.max(centre - width / 2, MARGIN), window.innerWidth - width - MARGIN);
    const above = box.top - GAP - height;
    const side = above >= MARGIN ? "top" : "bottom";
    setPlace({ top: side === "top" ? above : box.bottom + GAP, left, side, arrow: centre - left });
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div
      ref={hintRef}
      id={HINT_ID}
      role="tooltip"
      data-side={place?.side ?? "top"}
      data-slot="tooltip-content"
      className="fade-in-0 zoom-in-95 data-[side=bottom]:slide-in-from-top-2 data-[side=top]:slide-in-from-bottom-2 pointer-events-none fixed z-50 w-fit max-w-sm animate-in text-balance rounded-md bg-foreground px-3 py-1.5 text-background text-xs wrap-anywhere"
      style={{ top: place?.top ?? 0, left: place?.left ?? 0, visibility: place ? "visible" : "hidden" }}
    >
      {shown.text}
      <span
        aria-hidden="true"
        className="absolute size-2.5 rotate-45 rounded-[2px] bg-foreground"
        style={{
          left: (place?.arrow ?? 0) - 5,
          ...(place?.side === "bottom" ? { top: -4 } : { bottom: -4 }),
        }}
      />
    </div>,
    document.body,
  );
}
