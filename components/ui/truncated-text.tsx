"use client";

import { Slot } from "radix-ui";
import { type ReactElement, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

type Props = {
  /** the whole text, shown in the tooltip */
  text: string;
  /** width limit and other classes of the truncated element, e.g. `max-w-64` */
  className?: string;
  /** an interactive element (a link) that shows the text; without one a span shows it */
  children?: ReactElement;
};

/**
 * One line cut with an ellipsis; while it is cut, the whole text shows in a tooltip on hover and on keyboard
 * focus (a plain text becomes focusable then). The full text stays in the DOM, so screen readers read all of it.
 */
export function TruncatedText({ text, className, children }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const Element = children ? Slot.Root : "span";
  return (
    <Tooltip open={cut && open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <Element
          ref={ref}
          className={cn("block min-w-0 truncate", className)}
          tabIndex={!children && cut ? 0 : undefined}
          data-truncated={cut || undefined}
        >
          {children ?? text}
        </Element>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm wrap-anywhere">{text}</TooltipContent>
    </Tooltip>
  );
}
