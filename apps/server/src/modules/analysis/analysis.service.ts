import { type AnalysisPage, type AnalysisPageKey, type Locale, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { currentLocale, withLocale } from '../../lib/locale'
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

/** Every analysis page from the loaded rows, in the current language (pure: no database, no clock). */
export function buildAnalysisPages(sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[]): Map<AnalysisPageKey, AnalysisPage> {
  if (sats.length === 0) throw new Error('world_satellite is empty: the world satellite data was not loaded')
  const data = prepare(sats, plans)
  return new Map(SATELLITE_ANALYSIS_PAGES.map((key) => [key, BUILDERS[key](data)]))
}

/** Builds the pages and draws their charts from the rows in a language: in this thread, or handed to a worker thread. */
export type AnalysisBuilder = (sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[], locale: Locale) => Built | Promise<Built>

/**
 * The analysis pages and their chart images, computed once per language from the database on first
 * use and then kept in memory: the data change only when the server starts (reference data are
 * loaded before it listens). Each call answers in the caller's language. The server hands the
 * drawing to its worker pool (analysis.worker.ts), so the few hundred milliseconds it takes never
 * hold the event loop.
 */
export function createAnalysisService(
  repo: AnalysisRepository,
  build: AnalysisBuilder = (sats, plans, locale) => withLocale(locale, () => withCharts(buildAnalysisPages(sats, plans))),
) {
  const built = new Map<Locale, Promise<Built>>()
  const load = (locale: Locale = currentLocale()) => {
    let building = built.get(locale)
    if (!building) {
      const started = Promise.all([repo.satellites(), repo.plannedMissions()]).then(([sats, plans]) => build(sats, plans, locale))
      // a failed build (database not ready) is tried again on the next call
      started.catch(() => {
        if (built.get(locale) === started) built.delete(locale)
      })
      built.set(locale, started)
      building = started
    }
    return building
  }
  return {
    /** Computes the pages and draws their charts now, Chinese first (called when the server gets ready). */
    async warm(): Promise<void> {
      await load('zh-CN')
      await load('en-US')
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
