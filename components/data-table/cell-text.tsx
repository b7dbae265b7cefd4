import type { ReactElement } from "react";
import { TruncatedText } from "@/components/ui/truncated-text";
import { cn } from "@/lib/utils";

type Props = {
  /** the whole text, shown as the hint while it is cut */
  text: string;
  /** classes of the text element (font, colour); no width: the table gives it */
  className?: string;
  /** an interactive element (a link) that shows the text */
  children?: ReactElement;
};

/**
 * A name or id in a table cell: its column takes the width the whole text needs while the table has room, and only
 * when the table runs out of width is the text cut (ellipsis, the whole text as the hint on hover and focus,
 * TruncatedText), down to at most 8rem (a shorter text keeps its own width); below that the table scrolls sideways.
 *
 * How: a table gives each column at least its cells' narrowest (min-content) width and shares what is left by their
 * widest (max-content) ones. The text sits in a grid track `minmax(0, max-content)`, which is as wide as the text at
 * most and may shrink to nothing; beside it, invisible and of no height, a copy of the text at most 8rem wide (a
 * pseudo-element's content: not in the DOM's text, not read out) keeps the column's narrowest width there.
 */
export function CellText({ text, className, children }: Props) {
  return (
    <span className="grid">
      <span className="col-start-1 row-start-1 grid grid-cols-[minmax(0,max-content)]">
        <TruncatedText text={text} className={className}>
          {children}
        </TruncatedText>
      </span>
      <span
        aria-hidden="true"
        data-floor={text}
        className={cn(
          "invisible col-start-1 row-start-1 h-0 max-w-32 overflow-clip whitespace-nowrap",
          "before:content-[attr(data-floor)]",
          className,
        )}
      />
    </span>
  );
}
