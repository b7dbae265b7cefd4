"use client";

import { Slot } from "radix-ui";
import { type ReactElement, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

type Props = {
  /** the whole text, shown as the hint */
  text: string;
  /** width limit and other classes of the truncated element, e.g. `max-w-64` */
  className?: string;
  /** an interactive element (a link) that shows the text; without one a span shows it */
  children?: ReactElement;
};

/**
 * One line cut with an ellipsis; while it is cut, the whole text shows as the page's hint on hover and on keyboard
 * focus (components/ui/hint-layer.tsx; a plain text becomes focusable then). The full text stays in the DOM, so
 * screen readers read all of it.
 */
export function TruncatedText({ text, className, children }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);
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
    <Element
      ref={ref}
      className={cn("block min-w-0 truncate", className)}
      tabIndex={!children && cut ? 0 : undefined}
      data-truncated={cut || undefined}
      data-hint={cut ? text : undefined}
    >
      {children ?? text}
    </Element>
  );
}
