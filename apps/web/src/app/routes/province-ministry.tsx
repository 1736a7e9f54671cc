import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 省部反馈 (ProvinceMinistry): province-to-ministry feedback. Built by a later issue; until then the honest 建设中 page names the module. */
export default function ProvinceMinistryScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
