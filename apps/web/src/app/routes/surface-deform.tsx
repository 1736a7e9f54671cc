import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 地表形变监测 (surfaceDeform). Built by a later issue; until then the honest 建设中 page names the module. */
export default function SurfaceDeformScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
