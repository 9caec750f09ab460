import { useId, type ReactNode } from "react";

/**
 * One card of the dashboard: a region named by its heading (an h2, `dash-card__title`) with the head's
 * actions beside it, an optional short summary under the head, then the content (a table, a chart,
 * figures). A chart card is a figure (`figure`): figure and figcaption, and its summary describes it.
 */
export function DashCard({
  title,
  id,
  summary,
  actions,
  wide = false,
  figure = false,
  testId,
  className,
  children,
}: {
  title: ReactNode;
  /** The heading's id, which names the card (aria-labelledby); one from useId when not given. */
  id?: string;
  /** A short text under the head that says what the card shows. */
  summary?: ReactNode;
  /** Beside the heading, in the card's head. */
  actions?: ReactNode;
  /** Across the whole width of the dashboard's grid. */
  wide?: boolean;
  /** A chart: a figure whose summary describes it (aria-describedby), the summary's test id `${testId}-summary`. */
  figure?: boolean;
  testId?: string;
  /** Classes beside `dash-card`. */
  className?: string;
  children?: ReactNode;
}): ReactNode {
  const generated = useId();
  const titleId = id ?? `${generated}-title`;
  const summaryId = figure && summary !== undefined ? `${generated}-summary` : undefined;
  const Card = figure ? "figure" : "section";
  const Head = figure ? "figcaption" : "div";
  return (
    <Card
      className={`dash-card${className ? ` ${className}` : ""}${wide ? " dash-grid__wide" : ""}`}
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      data-testid={testId}
    >
      <Head className="dash-card__head">
        <h2 className="dash-card__title" id={titleId}>
          {title}
        </h2>
        {actions}
      </Head>
      {summary !== undefined && (
        <p className="dash-chart__summary" id={summaryId} data-testid={summaryId && testId ? `${testId}-summary` : undefined}>
          {summary}
        </p>
      )}
      {children}
    </Card>
  );
}
