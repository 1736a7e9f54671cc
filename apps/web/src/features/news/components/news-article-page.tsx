import { ArrowLeftOutlined } from '@ant-design/icons'
import { NEWS_ARTICLE_LANGUAGE } from '@rs/shared'
import { Alert, Button, Result, Skeleton } from 'antd'
import { useNavigate, useParams } from 'react-router'
import { Link } from '../../../components/link'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { Interpolated, OwnText, useLocale, useT } from '../../../lib/i18n'
import { useSatelliteList } from '../../../lib/satellite-list'
import { satellitePageOf } from '../../../lib/satellite-path'
import { useNewsArticle } from '../api/fetch-news-article'
import { encodeNewsSearch } from '../utils/news-search'
import { toParagraphs } from '../utils/paragraphs'
import { seriesName } from '../utils/satellite-options'
import { NewsAdminActions } from './news-admin-actions'
import { useNewsEditor } from './use-news-editor'

/** The article id of the URL, or undefined when it cannot be one. */
export function parseArticleId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined
  const id = Number(raw)
  return id >= 1 ? id : undefined
}

function BackToList() {
  const t = useT()
  return (
    <Link to="/satellite/news">
      <Button icon={<ArrowLeftOutlined />}>{t('newsPage.backToList')}</Button>
    </Link>
  )
}

function NotFound() {
  const t = useT()
  return (
    <div className="news-page" data-testid="news-not-found">
      <Result status="404" title={t('newsPage.notFoundTitle')} subTitle={t('newsPage.notFoundText')} extra={<BackToList />} />
    </div>
  )
}

/** /satellite/news/:id: one article, its body as plain-text paragraphs (never HTML); editors edit or delete it. */
export function NewsArticlePage({ canEdit }: { canEdit: boolean }) {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const id = parseArticleId(useParams().id)
  const article = useNewsArticle(id)
  const satellites = useSatelliteList()
  const editor = useNewsEditor()

  if (id === undefined) return <NotFound />
  if (article.isError) {
    const status = article.error instanceof ApiError ? article.error.status : 0
    if (status === 404 || status === 400) return <NotFound />
  }

  const breadcrumb = (
    <nav className="news-breadcrumb" aria-label="breadcrumb">
      <Link to="/home">{t('newsPage.breadcrumbHome')}</Link>
      <span aria-hidden="true">/</span>
      <Link to="/satellite/news">{t('newsPage.title')}</Link>
      <span aria-hidden="true">/</span>
      <span>{t('newsPage.article')}</span>
    </nav>
  )

  if (article.isPending)
    return (
      <div className="news-page">
        {breadcrumb}
        <div className="news-panel news-article">
          <Skeleton active title paragraph={{ rows: 10 }} />
        </div>
      </div>
    )

  if (article.isError)
    return (
      <div className="news-page">
        {breadcrumb}
        <Alert
          type="error"
          showIcon
          title={t('newsPage.loadFailed', { message: errorMessage(article.error) })}
          action={
            <Button size="small" onClick={() => void article.refetch()}>
              {t('newsPage.retry')}
            </Button>
          }
        />
      </div>
    )

  const news = article.data
  const satellite = news.satelliteSlug ? satellites.data?.find((s) => s.slug === news.satelliteSlug) : undefined
  const satelliteName = news.satelliteSlug ? (satellite ? seriesName(satellite, locale) : news.satelliteSlug) : undefined

  return (
    <div className="news-page">
      {breadcrumb}
      <article className="news-panel news-article" data-testid="news-article">
        <header className="news-article__head">
          <h1 className="news-article__title" lang={NEWS_ARTICLE_LANGUAGE}>
            {news.title}
          </h1>
          <div className="news-article__meta">
            <time dateTime={news.date}>{t('newsPage.date', { date: news.date })}</time>
            <span>
              <Interpolated template={t('newsPage.source')} values={{ source: <OwnText>{news.source}</OwnText> }} />
            </span>
            {news.satelliteSlug && (
              <span>
                {t('newsPage.aboutSatellite')}
                <Link to={satellitePageOf(news.satelliteSlug)} data-testid="news-article-satellite">
                  {satelliteName}
                </Link>
              </span>
            )}
          </div>
          {canEdit && (
            <div className="news-article__actions">
              <NewsAdminActions
                article={news}
                size="middle"
                onEdit={() => editor.openEdit(news.id)}
                onDeleted={() => void navigate('/satellite/news', { replace: true })}
              />
            </div>
          )}
        </header>
        {news.coverUrl && (
          <figure className="news-article__cover">
            <img src={news.coverUrl} alt={t('newsPage.coverAlt', { title: news.title })} />
          </figure>
        )}
        <div className="news-article__summary" lang={NEWS_ARTICLE_LANGUAGE}>
          {news.summary}
        </div>
        <div className="news-article__body" data-testid="news-article-body" lang={NEWS_ARTICLE_LANGUAGE}>
          {toParagraphs(news.body).map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are positional
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {(news.newer || news.older) && (
          <nav className="news-article__neighbours" aria-label={t('newsPage.neighbours')} data-testid="news-neighbours">
            {news.newer && (
              <Link to={`/satellite/news/${news.newer.id}`}>
                {t('newsPage.newer')}
                <span lang={NEWS_ARTICLE_LANGUAGE}>{news.newer.title}</span>
              </Link>
            )}
            {news.older && (
              <Link to={`/satellite/news/${news.older.id}`}>
                {t('newsPage.older')}
                <span lang={NEWS_ARTICLE_LANGUAGE}>{news.older.title}</span>
              </Link>
            )}
          </nav>
        )}
        <footer className="news-article__foot">
          <BackToList />
          {news.satelliteSlug && (
            <Link to={`/satellite/news?${encodeNewsSearch({ page: 1, keyword: '', satellite: news.satelliteSlug })}`}>
              {t('newsPage.moreAboutSatellite', { name: satelliteName ?? news.satelliteSlug })} ›
            </Link>
          )}
        </footer>
      </article>
      {canEdit && editor.editor}
    </div>
  )
}
