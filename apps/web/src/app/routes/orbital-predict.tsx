import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 轨道预测 (OrbitalPredict): orbit prediction, login required. Built by a later issue; until then the honest 建设中 page names the module. */
export default function OrbitalPredictScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
