import { TYPICAL_IMAGE_KEYS, type TypicalImage } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Popconfirm, Skeleton } from 'antd'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Link } from '../../../components/link'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { satellitePageOf } from '../../../lib/satellite-path'
import { typicalImagesQuery, useTypicalImages } from '../api/fetch-typical-images'
import { restoreTypicalImage } from '../api/restore-typical-image'
import type { ReplaceImageDialogProps } from './replace-image-dialog'
import { TypicalImageCard } from './typical-image-card'

// the upload dialog loads only when an editor first opens it
const ReplaceImageDialog = lazy(() => import('./replace-image-dialog').then((m) => ({ default: m.ReplaceImageDialog })))

interface SatelliteGroup {
  slug: string
  satellite: string
  images: TypicalImage[]
}

/** The samples by satellite, in the page order of TYPICAL_IMAGE_KEYS. */
export function groupBySatellite(images: readonly TypicalImage[]): SatelliteGroup[] {
  const order = (image: TypicalImage) => TYPICAL_IMAGE_KEYS.indexOf(image.key)
  const groups: SatelliteGroup[] = []
  for (const image of [...images].sort((a, b) => order(a) - order(b))) {
    const group = groups.find((g) => g.slug === image.slug)
    if (group) group.images.push(image)
    else groups.push({ slug: image.slug, satellite: image.satellite, images: [image] })
  }
  return groups
}

function EditorActions({ image, onReplace }: { image: TypicalImage; onReplace: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [isRestoring, setRestoring] = useState(false)
  const handleRestore = async () => {
    setRestoring(true)
    try {
      await restoreTypicalImage(image.key)
      await queryClient.invalidateQueries({ queryKey: typicalImagesQuery.queryKey })
      notify.success(t('typicalImagePage.restored'))
    } catch (e) {
      notify.error(errorMessage(e))
    } finally {
      setRestoring(false)
    }
  }
  return (
    <>
      <Button size="small" onClick={onReplace} data-testid={`typical-replace-${image.key}`}>
        {t(image.illustration ? 'typicalImagePage.replace' : 'typicalImagePage.replaceAgain')}
      </Button>
      {!image.illustration && (
        <Popconfirm
          title={t('typicalImagePage.restoreConfirmTitle')}
          description={t('typicalImagePage.restoreConfirmText', { title: image.title })}
          okText={t('typicalImagePage.restoreOk')}
          cancelText={t('typicalImagePage.cancel')}
          onConfirm={handleRestore}
        >
          <Button size="small" loading={isRestoring} data-testid={`typical-restore-${image.key}`}>
            {t('typicalImagePage.restore')}
          </Button>
        </Popconfirm>
      )}
    </>
  )
}

export interface TypicalImagePageProps {
  canEdit: boolean
  measure?: ReplaceImageDialogProps['measure']
}

/** /satellite/image: the twelve samples grouped by satellite; illustrations say so on the card and on the page; editors replace and restore. */
export function TypicalImagePage({ canEdit, measure }: TypicalImagePageProps) {
  const t = useT()
  const images = useTypicalImages()
  const [replacing, setReplacing] = useState<TypicalImage | null>(null)
  const [isDialogUsed, setDialogUsed] = useState(false)
  const openReplace = (image: TypicalImage) => {
    setDialogUsed(true)
    setReplacing(image)
  }

  let content: ReactNode
  if (images.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />
  else if (images.isError)
    content = (
      <Alert
        type="error"
        showIcon
        title={t('typicalImagePage.loadFailed', { message: errorMessage(images.error) })}
        action={
          <Button size="small" onClick={() => void images.refetch()}>
            {t('typicalImagePage.retry')}
          </Button>
        }
      />
    )
  else if (images.data.length === 0) content = <Alert type="info" showIcon title={t('typicalImagePage.empty')} />
  else
    content = (
      <>
        {images.data.some((image) => image.illustration) && (
          <Alert
            className="typical-page__note"
            type="warning"
            showIcon
            title={t('typicalImagePage.illustrationNote')}
            data-testid="typical-page-note"
          />
        )}
        <div className="typical-groups">
          {groupBySatellite(images.data).map((group) => (
            <section
              key={group.slug}
              className={`typical-group typical-group--span${Math.min(group.images.length, 3)}`}
              aria-labelledby={`typical-group-${group.slug}`}
            >
              <h2 id={`typical-group-${group.slug}`} className="typical-group__head">
                <Link to={satellitePageOf(group.slug)}>{group.satellite}</Link>
                <span className="typical-group__count">{t('typicalImagePage.count', { count: group.images.length })}</span>
              </h2>
              <div className="typical-group__grid">
                {group.images.map((image) => (
                  <TypicalImageCard
                    key={image.key}
                    image={image}
                    actions={canEdit ? <EditorActions image={image} onReplace={() => openReplace(image)} /> : undefined}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      </>
    )

  return (
    <div className="typical-page">
      <header className="typical-page__head">
        <h1 className="typical-page__title">{t('typicalImagePage.title')}</h1>
        <p className="typical-page__intro">{t('typicalImagePage.intro')}</p>
      </header>
      {content}
      {canEdit && isDialogUsed && (
        <Suspense fallback={null}>
          <ReplaceImageDialog image={replacing} onClose={() => setReplacing(null)} measure={measure} />
        </Suspense>
      )}
    </div>
  )
}
