import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen-props'

/** 用户注册 (register). Built by a later issue; until then the honest 建设中 page names the module. */
export default function RegisterScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
