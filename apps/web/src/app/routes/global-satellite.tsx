import { SatelliteSection } from '../../features/satellite/components/satellite-section'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import type { ScreenProps } from '../screen-props'

/** 国外卫星 (globalSatellite): the index of the 22 global series by kind (optical, hyperspectral, radar, laser altimetry, gravity) and the page of each. */
export default function GlobalSatelliteScreen({ route }: ScreenProps) {
  const site = useSiteConfig()
  return <SatelliteSection section="global" path={route.path} tiandituKey={site.data?.tiandituKey ?? ''} />
}
