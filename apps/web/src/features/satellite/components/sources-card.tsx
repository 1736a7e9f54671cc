import type { SourceReference } from '@rs/shared'
import { Alert } from 'antd'
import { useT } from '../../../lib/i18n'
import { webReferences } from '../utils/facts'

/** The pages the facts come from, named (publisher and title, opening in a new tab), and, honestly, the values that were not confirmed in them. */
export function SourcesCard({ sources, unconfirmed }: { sources: readonly SourceReference[]; unconfirmed: string[] }) {
  const t = useT()
  const named = webReferences(sources)
  return (
    <div data-testid="satellite-sources">
      {named.length > 0 ? (
        <>
          <p className="satellite-footnote satellite-footnote--top">{t('satellitePage.sources.intro')}</p>
          <ol className="satellite-sources">
            {named.map((ref) => (
              <li key={ref.url} data-testid="satellite-source">
                <span className="satellite-source__publisher">{ref.publisher}</span>
                {t('satellitePage.sources.separator')}
                <a href={ref.url} target="_blank" rel="noopener noreferrer">
                  {ref.title}
                </a>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="satellite-muted">{t('satellitePage.sources.none')}</p>
      )}
      {unconfirmed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="satellite-unconfirmed"
          data-testid="satellite-unconfirmed"
          title={t('satellitePage.sources.unconfirmedTitle')}
          description={
            <>
              <div>{t('satellitePage.sources.unconfirmedDesc')}</div>
              <ul className="satellite-plain-list satellite-plain-list--bullets">
                {unconfirmed.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          }
        />
      )}
    </div>
  )
}
