import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 光伏用地监测 (pvland). Built by a later issue; until then the honest 建设中 page names the module. */
export default function PvlandScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
