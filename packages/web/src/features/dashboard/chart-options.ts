import type { ReportStatus } from "@atalaya/shared";
import type { ChartOption } from "./echarts";

/** The brand pink (fills only, never text): the colour of a single series of reports. */
export const SERIES_COLOR = "#f54286";
const AXIS_TEXT = "#595b6b";
const SPLIT_LINE = "#eceef4";

/** A colour per report status for charts, each at 3:1 or more on white (WCAG 1.4.11 for graphics). */
export const STATUS_CHART_COLORS: Record<ReportStatus, string> = {
  pending: "#c25e00",
  in_progress: "#1668dc",
  solved: "#389e0d",
  false: "#7d7f8f",
  in_observation: "#722ed1",
};

// Room at the top for the toolbox; axis labels are kept inside the grid (outerBoundsMode "same").
const GRID = { left: 4, right: 12, top: 44, bottom: 4, outerBoundsMode: "same" as const };
const axisLabel = { color: AXIS_TEXT, fontSize: 11 };
const valueAxis = { type: "value" as const, minInterval: 1, axisLabel: { ...axisLabel, hideOverlap: true }, splitLine: { lineStyle: { color: SPLIT_LINE } } };

/** Counts along days (or any ordered categories) as a line, or as bars when there are few of them. */
export function seriesOverTime(labels: string[], values: number[], name: string, color = SERIES_COLOR): ChartOption {
  const bars = labels.length <= 14;
  return {
    grid: GRID,
    tooltip: { trigger: "axis" },
    xAxis: { type: "category", data: labels, boundaryGap: bars, axisLabel: { ...axisLabel, hideOverlap: true }, axisTick: { alignWithLabel: true } },
    yAxis: valueAxis,
    series: [
      bars
        ? { type: "bar", name, data: values, itemStyle: { color, borderRadius: [4, 4, 0, 0] }, barMaxWidth: 36 }
        : { type: "line", name, data: values, smooth: true, symbolSize: 6, itemStyle: { color }, lineStyle: { color, width: 2 }, areaStyle: { color, opacity: 0.12 } },
    ],
  };
}

/** Horizontal bars, the first category on top; one colour per bar or one for all. */
export function horizontalBars(labels: string[], values: number[], name: string, colors: string | string[] = SERIES_COLOR): ChartOption {
  return {
    grid: GRID,
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: valueAxis,
    yAxis: {
      type: "category",
      inverse: true,
      data: labels,
      axisLabel: { ...axisLabel, width: 150, overflow: "truncate" },
      axisTick: { show: false },
    },
    series: [
      {
        type: "bar",
        name,
        data: values.map((value, i) => ({ value, itemStyle: { color: Array.isArray(colors) ? (colors[i] ?? SERIES_COLOR) : colors } })),
        barMaxWidth: 22,
        itemStyle: { borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: "right", color: AXIS_TEXT, fontSize: 11 },
      },
    ],
  };
}

/** Height for horizontal bars: a row per category. */
export function barsHeight(count: number): number {
  return Math.max(180, Math.min(count, 40) * 26 + 60);
}

/** Vertical bars stacked by series (statuses per day, shifts per operator), with a legend. */
export function stackedBars(labels: string[], series: { name: string; values: number[]; color: string }[]): ChartOption {
  return {
    grid: { ...GRID, top: 72 },
    // The legend wraps before the toolbox at the top right.
    legend: { top: 28, left: 0, width: "82%", itemWidth: 12, itemHeight: 12, textStyle: { color: AXIS_TEXT, fontSize: 12 } },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: { type: "category", data: labels, axisLabel: { ...axisLabel, hideOverlap: true } },
    yAxis: valueAxis,
    series: series.map((s) => ({ type: "bar", name: s.name, stack: "total", data: s.values, itemStyle: { color: s.color }, barMaxWidth: 36 })),
  };
}

/** A weekday × hour grid coloured by count: weekdays 1 (Monday) to 7 down, hours 0 to 23 across. */
export function weekdayHourHeat(cells: { weekday: number; hour: number; count: number }[], weekdays: string[], name: string): ChartOption {
  const max = Math.max(1, ...cells.map((c) => c.count));
  return {
    grid: { ...GRID, bottom: 44 },
    tooltip: { position: "top" },
    xAxis: { type: "category", data: Array.from({ length: 24 }, (_, h) => String(h)), splitArea: { show: true }, axisLabel: { ...axisLabel, interval: 1 } },
    yAxis: { type: "category", data: weekdays, inverse: true, splitArea: { show: true }, axisLabel },
    visualMap: {
      type: "continuous",
      min: 0,
      max,
      calculable: false,
      text: [String(max), "0"],
      orient: "horizontal",
      left: "center",
      bottom: 0,
      itemWidth: 12,
      itemHeight: 140,
      textStyle: { color: AXIS_TEXT, fontSize: 11 },
      inRange: { color: ["#fdf0f5", "#f54286", "#7a0935"] },
    },
    series: [
      {
        type: "heatmap",
        name,
        data: cells.map((c) => [c.hour, c.weekday - 1, c.count]),
        itemStyle: { borderColor: "#fff", borderWidth: 1 },
        emphasis: { itemStyle: { borderColor: "#1f1f2e" } },
      },
    ],
  };
}
