// The figure widget: one chart + table + export for analysis pages, monitoring statistics and trend, coverage.
// Its only door. It imports no feature, so features may use it (docs/conventions.md: Boundaries).
export { Figure, type FigureProps } from './figure'
export type {
  FigureChart,
  FigureColumn,
  FigureEChartsOption,
  FigureExportFormat,
  FigureTableSpec,
} from './model'
