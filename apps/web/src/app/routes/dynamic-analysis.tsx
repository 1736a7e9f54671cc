import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen'

/** 动态分析 (dynamicAnalysis): satellite statistics and analysis pages. Built by a later issue; until then the honest 建设中 page names the module. */
export default function DynamicAnalysisScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
