import { useEffect, useRef, useState, type ReactNode } from "react";
import { Empty } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { DashCard } from "./dash-card";
import type { ChartOption, EChartsType } from "./echarts";

let echartsModule: Promise<typeof import("./echarts")> | null = null;

/** ECharts in a chunk of its own, fetched once: the dashboard shows its filters and figures while the
 * charts' code arrives (the page starts the download as it opens). */
export function loadEcharts(): Promise<typeof import("./echarts")> {
  echartsModule ??= import("./echarts").catch((error: unknown) => {
    echartsModule = null;
    throw error;
  });
  return echartsModule;
}

const TOOLBOX_ICON = "#595b6b";
const TOOLBOX_ICON_ACTIVE = "#c20a50";
const EXPORT = { type: "png" as const, pixelRatio: 2, backgroundColor: "#fff", excludeComponents: ["toolbox"] };

/** The PNG's file name: the chart's title without characters file systems refuse. */
export function chartFileName(title: string): string {
  return title.replace(/[\\/:*?"<>|«»“”]+/g, "").replace(/\s+/g, " ").trim() || "chart";
}

/**
 * One dashboard chart as a figure (a `DashCard`): its title (a heading, which names the figure), a short
 * text summary that says what the chart shows (for everyone, and what a screen reader reads instead of
 * the canvas), and the ECharts canvas with the toolbox's "save as PNG". The canvas is hidden from assistive
 * technology; a keyboard user gets the same download from a button that appears when focused.
 */
export function ChartFigure({
  title,
  summary,
  option,
  height = 280,
  empty = false,
  testId,
  extra,
  wide = false,
}: {
  title: string;
  summary: string;
  option: ChartOption;
  height?: number;
  /** Nothing to draw: an empty state instead of the canvas. */
  empty?: boolean;
  testId: string;
  extra?: ReactNode;
  /** Across the whole width of the dashboard's grid. */
  wide?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failed, setFailed] = useState(false);
  const fileName = chartFileName(title);

  // One chart instance per canvas, once ECharts has arrived; resized with its box and disposed with it.
  useEffect(() => {
    if (empty) return;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void loadEcharts()
      .then(({ init }) => {
        if (gone || !box.current) return;
        const created = init(box.current, undefined, { renderer: "canvas" });
        instance = created;
        observer = new ResizeObserver(() => created.resize());
        observer.observe(box.current);
        setChart(created);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, [empty]);

  useEffect(() => {
    if (!chart) return;
    chart.setOption(
      {
        animationDuration: 400,
        textStyle: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" },
        ...option,
        toolbox: {
          right: 0,
          top: 0,
          itemSize: 16,
          iconStyle: { borderColor: TOOLBOX_ICON },
          emphasis: { iconStyle: { borderColor: TOOLBOX_ICON_ACTIVE, textFill: TOOLBOX_ICON_ACTIVE } },
          feature: { saveAsImage: { title: t("dashboard.chart.download"), name: fileName, ...EXPORT } },
        },
      },
      { notMerge: true },
    );
  }, [chart, option, t, fileName]);

  const download = (): void => {
    if (!chart) return;
    const link = document.createElement("a");
    link.href = chart.getDataURL(EXPORT);
    link.download = `${fileName}.png`;
    link.click();
  };

  return (
    <DashCard
      figure
      title={title}
      summary={summary}
      wide={wide}
      className="dash-chart"
      testId={testId}
      actions={
        <>
          {extra}
          {chart && (
            <button type="button" className="dash-chart__download" onClick={download} data-testid={`${testId}-download`}>
              <DownloadOutlined aria-hidden="true" /> {t("dashboard.chart.downloadNamed", { title })}
            </button>
          )}
        </>
      }
    >
      {empty || failed ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={empty ? t("dashboard.chart.empty") : t("dashboard.chart.loadError")}
          className="dash-chart__empty"
        />
      ) : (
        <div ref={box} className="dash-chart__canvas" style={{ height }} aria-hidden="true" data-ready={chart ? "true" : undefined} />
      )}
    </DashCard>
  );
}
