import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen'

/** 国产卫星 (chineseSatellite): satellite list and the page of each satellite. Built by a later issue; until then the honest 建设中 page names the module. */
export default function ChineseSatelliteScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
