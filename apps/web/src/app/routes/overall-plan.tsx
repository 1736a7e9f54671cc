import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 统筹共享 (OverallPlan): sharing overview, local data, purchase plan. Built by a later issue; until then the honest 建设中 page names the module. */
export default function OverallPlanScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
