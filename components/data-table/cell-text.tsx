import type { ReactElement } from "react";
import { TruncatedText } from "@/components/ui/truncated-text";
import { cn } from "@/lib/utils";

type Props = {
  /** the whole text, shown as the hint while it is cut */
  text: string;
  /** classes of the text (font, colour), which its width copy inherits too; no width: the table gives it */
  className?: string;
  /** an interactive element (a link) that shows the text */
  children?: ReactElement;
};

/**
 * A name or id in a table cell: its column takes the width the whole text needs while the table has room, and only
 * when the table runs out of width is the text cut (ellipsis, the whole text as the hint on hover and focus,
 * TruncatedText), down to at most 8rem (a shorter text keeps its own width); below that the table scrolls sideways.
 *
 * How (`cell-text` in app/globals.css): a table gives each column at least its cells' narrowest (min-content) width
 * and shares what is left by their widest (max-content) ones. The text sits in a grid track `minmax(0, max-content)`,
 * which is as wide as the text at most and may shrink to nothing; beside it, invisible and of no height, a copy of the
 * text at most 8rem wide (the pseudo-element ::after showing `data-text`: not in the DOM's text, not read out) keeps
 * the column's narrowest width there. The text is in the markup once, its copy an attribute: a second element with
 * the text and its classes cost some 300 bytes a cell, 14 KB of the 25-row job monitor.
 */
export function CellText({ text, className, children }: Props) {
  return (
    <span className={cn("cell-text", className)} data-text={text}>
      <span>
        <TruncatedText text={text}>{children}</TruncatedText>
      </span>
    </span>
  );
}
