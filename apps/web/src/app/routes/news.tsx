import { BuildingPage } from '../../components/building-page'
import type { ScreenProps } from '../screen'

/** 卫星新闻 (news): the news list and article pages. */
export default function NewsScreen({ route }: ScreenProps) {
  return <BuildingPage route={route} />
}
