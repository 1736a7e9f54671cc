import { PlusOutlined } from '@ant-design/icons'
import { Alert, Button, Empty, Input, Pagination, Select, Skeleton, Tag } from 'antd'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Link } from '../../../components/link'
import { errorMessage } from '../../../lib/api-client'
import { useLocale, useT } from '../../../lib/i18n'
import { useSatelliteList } from '../../../lib/satellite-list'
import { useNewsList } from '../api/fetch-news-list'
import { encodeNewsSearch, NEWS_PAGE_SIZE, type NewsSearch, parseNewsSearch } from '../utils/news-search'
import { satelliteNames, satelliteOptions } from '../utils/satellite-options'
import { NewsAdminActions } from './news-admin-actions'
import { NewsListItem } from './news-list-item'
import { useNewsEditor } from './use-news-editor'

/** /satellite/news: paged articles with keyword search and a satellite filter kept in the URL; editors add, edit and delete. */
export function NewsListPage({ canEdit }: { canEdit: boolean }) {
  const t = useT()
  const locale = useLocale()
  const [params, setParams] = useSearchParams()
  const search = parseNewsSearch(params)
  const list = useNewsList({
    page: search.page,
    pageSize: NEWS_PAGE_SIZE,
    keyword: search.keyword || undefined,
    satelliteSlug: search.satellite || undefined,
  })
  const satellites = useSatelliteList()
  const names = useMemo(() => satelliteNames(satellites.data, locale), [satellites.data, locale])
  const options = useMemo(() => satelliteOptions(satellites.data, t, locale), [satellites.data, t, locale])
  const editor = useNewsEditor()
  const [keywordDraft, setKeywordDraft] = useState(search.keyword)

  useEffect(() => setKeywordDraft(search.keyword), [search.keyword])

  const go = (next: Partial<NewsSearch>) => setParams(encodeNewsSearch({ ...search, page: 1, ...next }))

  // a page past the end (after a deletion, or an old link) moves to the last page
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / NEWS_PAGE_SIZE)) : undefined
  useEffect(() => {
    if (lastPage !== undefined && !list.isPlaceholderData && search.page > lastPage)
      setParams(encodeNewsSearch({ ...search, page: lastPage }), { replace: true })
  }, [lastPage, list.isPlaceholderData, search, setParams])

  const isFiltered = Boolean(search.keyword || search.satellite)
  const satelliteName = names.get(search.satellite) ?? search.satellite

  let content: ReactNode
  if (list.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />
  else if (list.isError)
    content = (
      <Alert
        type="error"
        showIcon
        title={t('newsPage.loadFailed', { message: errorMessage(list.error) })}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('newsPage.retry')}
          </Button>
        }
      />
    )
  else if (list.data.items.length === 0)
    content = <Empty description={t(isFiltered ? 'newsPage.emptyFiltered' : 'newsPage.empty')} data-testid="news-empty" />
  else
    content = (
      <div className={`news-list${list.isPlaceholderData ? ' news-list--stale' : ''}`} data-testid="news-list">
        {list.data.items.map((item) => (
          <NewsListItem
            key={item.id}
            item={item}
            satelliteName={item.satelliteSlug ? names.get(item.satelliteSlug) : undefined}
            satelliteFilterTo={
              item.satelliteSlug ? `?${encodeNewsSearch({ page: 1, keyword: '', satellite: item.satelliteSlug })}` : undefined
            }
            actions={canEdit ? <NewsAdminActions article={item} onEdit={() => editor.openEdit(item.id)} /> : undefined}
          />
        ))}
      </div>
    )

  return (
    <div className="news-page">
      <nav className="news-breadcrumb" aria-label="breadcrumb">
        <Link to="/home">{t('newsPage.breadcrumbHome')}</Link>
        <span aria-hidden="true">/</span>
        <span>{t('newsPage.title')}</span>
      </nav>
      <header className="news-page__head">
        <div>
          <h1 className="news-page__title">{t('newsPage.title')}</h1>
          <p className="news-page__intro">{t('newsPage.intro')}</p>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={editor.openNew} data-testid="news-add">
            {t('newsPage.add')}
          </Button>
        )}
      </header>
      <div className="news-panel">
        <div className="news-toolbar">
          <Input.Search
            className="news-toolbar__search"
            value={keywordDraft}
            onChange={(e) => setKeywordDraft(e.target.value)}
            onSearch={(value) => go({ keyword: value.trim().slice(0, 50) })}
            placeholder={t('newsPage.searchPlaceholder')}
            enterButton={t('newsPage.search')}
            allowClear
            maxLength={50}
            data-testid="news-search"
          />
          <Select
            className="news-toolbar__satellite"
            value={search.satellite || undefined}
            onChange={(value?: string) => go({ satellite: value ?? '' })}
            options={options}
            placeholder={t('newsPage.satelliteFilter')}
            aria-label={t('newsPage.satelliteFilter')}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={satellites.isPending}
            data-testid="news-satellite-filter"
          />
        </div>
        {isFiltered && (
          <div className="news-filters" data-testid="news-filters">
            {search.satellite && (
              <Tag closable onClose={() => go({ satellite: '' })} data-testid="news-filter-satellite">
                {t('newsPage.filterSatellite', { name: satelliteName })}
              </Tag>
            )}
            {search.keyword && (
              <Tag closable onClose={() => go({ keyword: '' })} data-testid="news-filter-keyword">
                {t('newsPage.filterKeyword', { keyword: search.keyword })}
              </Tag>
            )}
            <Button type="link" size="small" onClick={() => go({ keyword: '', satellite: '' })}>
              {t('newsPage.clearFilters')}
            </Button>
          </div>
        )}
        {content}
        {list.data && list.data.total > NEWS_PAGE_SIZE && (
          <Pagination
            className="news-pagination"
            current={search.page}
            pageSize={NEWS_PAGE_SIZE}
            total={list.data.total}
            showSizeChanger={false}
            showTotal={(total) => t('newsPage.total', { total })}
            onChange={(page) => {
              go({ page })
              window.scrollTo({ top: 0 })
            }}
          />
        )}
      </div>
      {canEdit && editor.editor}
    </div>
  )
}
