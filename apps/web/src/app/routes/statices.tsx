import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 统计分析 (statices): coverage and push statistics. Built by a later issue; until then the honest 建设中 page names the module. */
export default function StaticesScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
