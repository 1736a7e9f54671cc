import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen'

/** 国外卫星 (globalSatellite): optical, hyperspectral, radar, laser altimetry and gravity satellites. Built by a later issue; until then the honest 建设中 page names the module. */
export default function GlobalSatelliteScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
