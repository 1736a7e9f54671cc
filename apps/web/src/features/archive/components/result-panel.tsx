import { ShoppingCartOutlined } from '@ant-design/icons'
import { ARCHIVE_LIMITS, SCENE_SORT_FIELDS, type Scene, type SceneQueryAnswer, type SceneQueryBody } from '@rs/shared'
import { Alert, Button, Empty, Select, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { type ReactNode, useEffect, useRef } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { addToCart } from '../../../lib/cart'
import { groupDigits } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { useUnionArea } from '../api/union-area'
import { useResultStore } from '../state/result-store'
import type { ArchivePage, ArchiveSort, PageSize } from '../url-state'
import { formatKm2 } from '../utils/format'
import { ExportButtons } from './export-buttons'

export interface ResultPanelProps {
  query: SceneQueryBody | null
  answer: SceneQueryAnswer | undefined
  isFetching: boolean
  error: unknown
  onPage: (page: ArchivePage) => void
  onSort: (sort: ArchiveSort) => void
  /** More actions on the checked scenes, composed by the route (an administrator's push). */
  checkedActions?: (checkedIds: string[]) => ReactNode
}

/** Performance marks of a search: started (Search button) and first page shown. */
export const SEARCH_START_MARK = 'archive:search-start'
export const FIRST_PAGE_MEASURE = 'archive:first-page'

/**
 * RESULT tab: total (约 when estimated), checked count and union area (of the checked scenes, or
 * of the page when none is checked), the fall-figures switch, export, and the list with
 * quicklooks, paging 20/50/100, check boxes, hover ↔ footprint and click → quicklook and detail.
 */
export function ResultPanel({ query, answer, isFetching, error, onPage, onSort, checkedActions }: ResultPanelProps) {
  const t = useT()
  const { checkedIds, hoveredId, activeId, showFootprints, toggleChecked, setCheckedMany, hover, activate, setShowFootprints, clear } =
    useResultStore()
  const union = useUnionArea(checkedIds)
  const table = useRef<HTMLDivElement>(null)

  // the first page after a search: how long from the Search button (read by the browser tests)
  useEffect(() => {
    if (!answer || performance.getEntriesByName(SEARCH_START_MARK, 'mark').length === 0) return
    const frame = requestAnimationFrame(() => {
      if (performance.getEntriesByName(SEARCH_START_MARK, 'mark').length === 0) return
      performance.measure(FIRST_PAGE_MEASURE, SEARCH_START_MARK)
      performance.clearMarks(SEARCH_START_MARK)
    })
    return () => cancelAnimationFrame(frame)
  }, [answer])

  // a footprint hovered on the map brings its row into view
  useEffect(() => {
    if (!hoveredId) return
    // scene ids are letters, digits, '_', '.' and '-' (the contract's SceneId): safe inside a quoted attribute value
    const row = table.current?.querySelector<HTMLElement>(`tr[data-row-key="${hoveredId}"]`)
    row?.scrollIntoView?.({ block: 'nearest' })
  }, [hoveredId])

  if (query && error && !answer) return <Alert type="error" showIcon title={errorMessage(error)} data-testid="result-error" />

  const list = answer?.list ?? []
  const total = answer?.total ?? 0
  const unionArea = checkedIds.length > 0 ? union.data?.unionAreaKm2 : answer?.unionAreaKm2
  const columns: TableColumnsType<Scene> = [
    {
      title: t('archivePage.result.columns.quicklook'),
      key: 'quicklook',
      width: 60,
      render: (_, scene) => (
        <div style={{ position: 'relative', width: 48, height: 48, overflow: 'hidden', background: '#f5f5f5', borderRadius: 4 }}>
          <img
            src={`${scene.quicklookUrl}&size=64`}
            alt=""
            title={scene.fileName}
            width={48}
            height={48}
            loading="lazy"
            style={{ objectFit: 'contain', display: 'block' }}
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden'
            }}
          />
          {scene.illustrative && (
            <Tag style={{ position: 'absolute', left: 0, bottom: 0, fontSize: 10, lineHeight: '14px', padding: '0 2px', margin: 0 }}>
              {t('archivePage.result.illustrative')}
            </Tag>
          )}
        </div>
      ),
    },
    {
      // one column for both: long names (ZHUHAI-1-OHS-02) stay on one line instead of breaking letter by letter
      title: `${t('archivePage.result.columns.satellite')} / ${t('archivePage.result.columns.sensor')}`,
      key: 'satellite',
      render: (_, scene) => (
        <div className="archive-row__satellite">
          <div>{scene.satellite}</div>
          <div className="archive-row__sensor">{scene.sensor}</div>
        </div>
      ),
    },
    {
      title: t('archivePage.result.columns.time'),
      dataIndex: 'acquiredAt',
      width: 138,
      render: (value: string) => formatBeijing(value, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('archivePage.result.columns.cloud'),
      dataIndex: 'cloudPercent',
      width: 58,
      render: (value: number) => t('archivePage.result.cloudValue', { value }),
    },
    {
      title: t('archivePage.result.columns.resolution'),
      dataIndex: 'resolutionM',
      width: 70,
      render: (value: number) => t('archivePage.result.resolutionValue', { value }),
    },
  ]

  return (
    <div data-testid="result-panel">
      {query && (
        <>
          <Space wrap size={[12, 4]} style={{ marginBottom: 8 }}>
            <Typography.Text strong data-testid="result-total">
              {answer
                ? t(answer.totalExact ? 'archivePage.result.total' : 'archivePage.result.totalApprox', {
                    total: groupDigits(total),
                  })
                : t('archivePage.searching')}
            </Typography.Text>
            <Typography.Text data-testid="result-checked">{t('archivePage.result.checked', { count: checkedIds.length })}</Typography.Text>
            {checkedIds.length > 0 && (
              <Button size="small" type="link" onClick={clear} data-testid="result-clear-checked">
                {t('archivePage.result.clearChecked')}
              </Button>
            )}
            <span>
              <Switch size="small" checked={showFootprints} onChange={setShowFootprints} data-testid="result-footprints" />{' '}
              {t('archivePage.result.footprints')}
            </span>
          </Space>
          <div style={{ fontSize: 12, color: '#595959', marginBottom: 8 }} data-testid="result-union">
            {unionArea === undefined
              ? '\u00a0'
              : t(checkedIds.length > 0 ? 'archivePage.result.unionChecked' : 'archivePage.result.unionPage', {
                  area: formatKm2(unionArea),
                })}
            {answer?.aoiAreaKm2 != null && (
              <span style={{ marginLeft: 12 }}>{t('archivePage.result.aoiArea', { area: formatKm2(answer.aoiAreaKm2) })}</span>
            )}
          </div>
          <Space wrap size={8} style={{ marginBottom: 8 }}>
            <Select
              size="small"
              style={{ width: 150 }}
              value={`${query.sort.sortField}-${query.sort.sortOrder}`}
              aria-label={t('archivePage.filters.sort')}
              data-testid="result-sort"
              onChange={(v: string) => {
                const [sortField, sortOrder] = v.split('-') as [ArchiveSort['sortField'], ArchiveSort['sortOrder']]
                onSort({ sortField, sortOrder })
              }}
              options={SCENE_SORT_FIELDS.flatMap((f) =>
                (['desc', 'asc'] as const).map((o) => ({
                  value: `${f}-${o}`,
                  label: `${t(`archive.sort.${f}`)} ${t(`archivePage.filters.${o}`)}`,
                })),
              )}
            />
            <ExportButtons query={query} checkedIds={checkedIds} />
            <Button
              size="small"
              icon={<ShoppingCartOutlined />}
              disabled={checkedIds.length === 0}
              data-testid="result-cart-checked"
              onClick={() => void addToCart(checkedIds)}
            >
              {t('order.cart.addChecked')}
            </Button>
            {checkedActions?.(checkedIds)}
          </Space>
        </>
      )}
      {error != null && answer && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 8 }} />}
      <div ref={table} data-testid="result-list">
        <Table<Scene>
          size="small"
          rowKey="id"
          data-testid="result-table"
          loading={isFetching}
          dataSource={query ? list : []}
          columns={columns}
          scroll={{ y: 520 }}
          locale={{
            emptyText: query ? (
              <Empty description={t('archivePage.result.empty')} data-testid="result-empty" />
            ) : (
              <Empty description={t('archivePage.result.notRun')} data-testid="result-not-run" />
            ),
          }}
          rowClassName={(scene) =>
            [scene.id === hoveredId ? 'archive-row--hovered' : '', scene.id === activeId ? 'archive-row--active' : ''].join(' ')
          }
          onRow={(scene) => ({
            onMouseEnter: () => hover(scene.id),
            onMouseLeave: () => hover(null),
            onClick: (event) => {
              // the check box has its own meaning
              if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return
              activate(scene.id)
            },
          })}
          rowSelection={{
            selectedRowKeys: checkedIds,
            preserveSelectedRowKeys: true,
            onSelect: (scene) => toggleChecked(scene.id),
            onSelectAll: (selected, _rows, changed) =>
              setCheckedMany(
                changed.map((s) => s.id),
                selected,
              ),
          }}
          pagination={
            !query
              ? false
              : {
                  current: query.pageNum,
                  pageSize: query.pageSize,
                  total: Math.min(total, ARCHIVE_LIMITS.maxPageNum * query.pageSize),
                  showSizeChanger: true,
                  pageSizeOptions: ARCHIVE_LIMITS.pageSizes.map(String),
                  size: 'small',
                  showTotal: () => null,
                  onChange: (pageNum, pageSize) =>
                    onPage({ pageNum: pageSize === query.pageSize ? pageNum : 1, pageSize: pageSize as PageSize }),
                }
          }
        />
      </div>
    </div>
  )
}
