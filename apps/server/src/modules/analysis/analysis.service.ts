import { type AnalysisPage, type AnalysisPageKey, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import type { AnalysisRepository, AnalysisSatelliteRow, PlannedMissionRow } from './analysis.repository'
import { type Data, prepare } from './analysis-data'
import { type Built, type ChartImage, withCharts } from './chart-images'
import { categoriesStatistic } from './pages/categories-statistic'
import { countryAnalysis } from './pages/country-analysis'
import { developmentPlan } from './pages/development-plan'
import { generalStatistic } from './pages/general-statistic'
import { investmentPatternAnalysis } from './pages/investment-pattern-analysis'
import { levelContrast } from './pages/level-contrast'

/** The six pages, one builder each (pages/): every figure of a page from the shared Data. */
const BUILDERS: Record<AnalysisPageKey, (d: Data) => AnalysisPage> = {
  'general-statistic': generalStatistic,
  'country-analysis': countryAnalysis,
  'categories-statistic': categoriesStatistic,
  'investment-pattern-analysis': investmentPatternAnalysis,
  'level-contrast': levelContrast,
  'development-plan': developmentPlan,
}

/** Every analysis page from the loaded rows (pure: no database, no clock). */
export function buildAnalysisPages(sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[]): Map<AnalysisPageKey, AnalysisPage> {
  if (sats.length === 0) throw new Error('world_satellite is empty: the world satellite data was not loaded')
  const data = prepare(sats, plans)
  return new Map(SATELLITE_ANALYSIS_PAGES.map((key) => [key, BUILDERS[key](data)]))
}

/** Builds the pages and draws their charts from the rows: in this thread, or handed to a worker thread. */
export type AnalysisBuilder = (sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[]) => Built | Promise<Built>

/**
 * The analysis pages and their chart images, computed once from the database on first use and
 * then kept in memory: the data change only when the server starts (reference data are loaded
 * before it listens). The server hands the drawing to its worker pool (analysis.worker.ts), so the
 * few hundred milliseconds it takes never hold the event loop.
 */
export function createAnalysisService(
  repo: AnalysisRepository,
  build: AnalysisBuilder = (sats, plans) => withCharts(buildAnalysisPages(sats, plans)),
) {
  let built: Promise<Built> | undefined
  const load = () => {
    if (!built) {
      const building = Promise.all([repo.satellites(), repo.plannedMissions()]).then(([sats, plans]) => build(sats, plans))
      // a failed build (database not ready) is tried again on the next call
      building.catch(() => {
        if (built === building) built = undefined
      })
      built = building
    }
    return built
  }
  return {
    /** Computes the pages and draws their charts now (called when the server gets ready). */
    async warm(): Promise<void> {
      await load()
    },
    async page(key: AnalysisPageKey): Promise<AnalysisPage> {
      const page = (await load()).pages.get(key)
      if (!page) throw new Error(`analysis page ${key} missing`)
      return page
    },
    /** The chart image of one figure; undefined when the page has no such figure. */
    async chart(key: AnalysisPageKey, figure: string): Promise<ChartImage | undefined> {
      return (await load()).charts.get(key)?.get(figure)
    },
  }
}
export type AnalysisService = ReturnType<typeof createAnalysisService>
