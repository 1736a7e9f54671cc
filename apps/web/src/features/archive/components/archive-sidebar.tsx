import '../archive.css'
import { Card, Tabs } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { ARCHIVE_TAB, type ArchiveTab } from '../url-state'

/** The sidebar of SPEC §4 with its three tabs (SELECT 1, RESULT 2, COVERAGE 3); the screen gives each tab's content. */
export function ArchiveSidebar({
  tab,
  onTab,
  select,
  result,
  coverage,
  resultCount,
}: {
  tab: ArchiveTab
  onTab: (tab: ArchiveTab) => void
  select: ReactNode
  result: ReactNode
  coverage: ReactNode
  resultCount?: string
}) {
  const t = useT()
  return (
    <Card
      className="archive-sidebar"
      style={{ width: 520, flex: '0 0 520px', maxWidth: '100%' }}
      styles={{ body: { padding: '8px 16px 16px' } }}
    >
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => onTab(Number(key) as ArchiveTab)}
        data-testid="archive-tabs"
        items={[
          { key: String(ARCHIVE_TAB.SELECT), label: t('archivePage.tabs.select'), children: select },
          {
            key: String(ARCHIVE_TAB.RESULT),
            label: resultCount ? `${t('archivePage.tabs.result')} (${resultCount})` : t('archivePage.tabs.result'),
            children: result,
            // the list's components are mounted (and styled) before the first search, so its first page shows sooner
            forceRender: true,
          },
          { key: String(ARCHIVE_TAB.COVERAGE), label: t('archivePage.tabs.coverage'), children: coverage },
        ]}
      />
    </Card>
  )
}
