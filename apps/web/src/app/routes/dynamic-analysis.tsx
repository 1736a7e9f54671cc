import { type AnalysisPageKey, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { Navigate } from 'react-router'
import { analysisPath } from '../../features/analysis/components/analysis-nav'
import { AnalysisScreen } from '../../features/analysis/components/analysis-screen'
import type { ScreenProps } from '../screen-props'

function isAnalysisPage(key: string | undefined): key is AnalysisPageKey {
  return (SATELLITE_ANALYSIS_PAGES as readonly string[]).includes(key ?? '')
}

/** 动态分析 (dynamicAnalysis): the six satellite statistics pages; /satellite/analysis opens the first. */
export default function DynamicAnalysisScreen({ route }: ScreenProps) {
  const page = route.path.split('/')[2]
  if (!isAnalysisPage(page)) return <Navigate to={analysisPath(SATELLITE_ANALYSIS_PAGES[0])} replace />
  return <AnalysisScreen page={page} />
}
