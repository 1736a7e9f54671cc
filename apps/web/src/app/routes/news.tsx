import { canEditContent } from '@rs/shared'
import '../../features/news/news.css'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { NewsArticlePage } from '../../features/news/components/news-article-page'
import { NewsListPage } from '../../features/news/components/news-list-page'
import type { ScreenProps } from '../screen-props'

/** 卫星新闻 (news): the list (/satellite/news) and one article (/satellite/news/:id); content editors (MOD_002) also edit. */
export default function NewsScreen({ route }: ScreenProps) {
  const canEdit = useAuthStore((s) => canEditContent(s.user?.permissions))
  return route.name === 'newsArticle' ? <NewsArticlePage canEdit={canEdit} /> : <NewsListPage canEdit={canEdit} />
}
