import { Fragment, type ReactNode } from "react";
import type { HighlightSegment } from "@atalaya/shared";

/** Text the search matched: each marked segment in a <mark>, everything as text (never as HTML). */
export function HighlightText({ segments }: { segments: HighlightSegment[] }): ReactNode {
  return (
    <>
      {segments.map((segment, i) =>
        segment.mark ? <mark key={i} className="search-mark">{segment.text}</mark> : <Fragment key={i}>{segment.text}</Fragment>,
      )}
    </>
  );
}
