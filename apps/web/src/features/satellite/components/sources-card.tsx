import { Alert } from 'antd'
import { useT } from '../../../lib/i18n'

/** The pages the facts come from (new tab) and, honestly, the values that were not confirmed in them. */
export function SourcesCard({ sources, unconfirmed }: { sources: string[]; unconfirmed: string[] }) {
  const t = useT()
  return (
    <div data-testid="satellite-sources">
      {sources.length > 0 ? (
        <>
          <p className="satellite-footnote satellite-footnote--top">{t('satellitePage.sources.intro')}</p>
          <ol className="satellite-sources">
            {sources.map((url) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {url}
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
