// ECharts with only what the dashboard draws (bar, line and heat-map series; grid, tooltip, legend,
// visual map and the toolbox's PNG export; the canvas renderer). Imported from "echarts/core" so the
// bundler leaves the rest out, and only by the dashboard route, so no other screen downloads it.
import { init as initECharts, use as registerParts, type ComposeOption, type EChartsType } from "echarts/core";
import { BarChart, HeatmapChart, LineChart, type BarSeriesOption, type HeatmapSeriesOption, type LineSeriesOption } from "echarts/charts";
import {
  GridComponent,
  LegendComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type ToolboxComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";

registerParts([BarChart, LineChart, HeatmapChart, GridComponent, LegendComponent, ToolboxComponent, TooltipComponent, VisualMapContinuousComponent, CanvasRenderer]);

/** The options the dashboard's charts may use. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | ToolboxComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export type { EChartsType };

/** ECharts' `init`, from this module so that whoever draws a chart has run the registration above (the
 * package's `sideEffects` lets the bundler skip a module whose exports are only re-exports). */
export function init(...args: Parameters<typeof initECharts>): EChartsType {
  return initECharts(...args);
}
