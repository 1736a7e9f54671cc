import { UploadOutlined } from '@ant-design/icons'
import { NEWS_LIMITS, type NewsArticle, type NewsInput } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, DatePicker, Drawer, Form, Input, Select, Skeleton, Space, Upload } from 'antd'
import type { Rule } from 'antd/es/form'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { type Translate, useLocale, useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { useSatelliteList } from '../../../lib/satellite-list'
import { useNewsArticle } from '../api/fetch-news-article'
import { NEWS_KEY } from '../api/fetch-news-list'
import { saveNews } from '../api/save-news'
import { uploadNewsCover } from '../api/upload-news-cover'
import { COVER_TYPES, coverProblem, formatBytes } from '../utils/cover-check'
import { satelliteOptions } from '../utils/satellite-options'

interface EditorValues {
  title: string
  date: Dayjs | null
  source: string
  satelliteSlug?: string | null
  summary: string
  body: string
}

type TextField = 'title' | 'source' | 'summary' | 'body'

const MAX: Record<TextField, number> = {
  title: NEWS_LIMITS.titleMax,
  source: NEWS_LIMITS.sourceMax,
  summary: NEWS_LIMITS.summaryMax,
  body: NEWS_LIMITS.bodyMax,
}

/** The server's rules (NewsInput) on the client: required after trimming, at most the limit. */
function textRules(field: TextField, t: Translate): Rule[] {
  const max = MAX[field]
  return [
    { required: true, whitespace: true, message: t(`newsPage.rules.${field}Required`) },
    {
      validator: async (_, value: string | undefined) => {
        if ((value ?? '').trim().length > max) throw new Error(t('newsPage.rules.tooLong', { field: t(`newsPage.fields.${field}`), max }))
      },
    },
  ]
}

function toInput(values: EditorValues): NewsInput {
  return {
    title: values.title.trim(),
    date: values.date?.format('YYYY-MM-DD') ?? '',
    source: values.source.trim(),
    satelliteSlug: values.satelliteSlug || null,
    summary: values.summary.trim(),
    body: values.body.trim(),
  }
}

function initialValues(article: NewsArticle | undefined): EditorValues {
  if (!article) return { title: '', date: dayjs(), source: '', satelliteSlug: null, summary: '', body: '' }
  return { ...article, date: dayjs(article.date) }
}

export interface NewsEditorProps {
  open: boolean
  /** The article to edit; a new article when undefined. */
  id?: number
  onClose: () => void
  onSaved?: (article: NewsArticle) => void
}

/**
 * The content editor's drawer (MOD_002): title, date, source, satellite, summary, body and an
 * optional cover. Checks the server's limits before sending and shows the server's message on a
 * refusal. A chosen cover is uploaded after the article is saved.
 */
export function NewsEditor({ open, id, onClose, onSaved }: NewsEditorProps) {
  const t = useT()
  const locale = useLocale()
  const [form] = Form.useForm<EditorValues>()
  const queryClient = useQueryClient()
  const article = useNewsArticle(open ? id : undefined)
  const satellites = useSatelliteList()
  const [cover, setCover] = useState<File | null>(null)
  const [coverError, setCoverError] = useState<string>()
  const [error, setError] = useState<string>()
  const [isSaving, setSaving] = useState(false)

  const isEditing = id !== undefined
  const isReady = !isEditing || article.isSuccess

  const close = () => {
    setCover(null)
    setCoverError(undefined)
    setError(undefined)
    onClose()
  }

  const handleFinish = async (values: EditorValues) => {
    setSaving(true)
    setError(undefined)
    try {
      let saved = await saveNews(toInput(values), id)
      if (cover) {
        try {
          saved = await uploadNewsCover(saved.id, cover)
        } catch (e) {
          notify.warning(t('newsPage.coverFailed', { message: errorMessage(e) }))
        }
      }
      await queryClient.invalidateQueries({ queryKey: NEWS_KEY })
      notify.success(t(isEditing ? 'newsPage.updated' : 'newsPage.created'))
      onSaved?.(saved)
      close()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  const handleCover = (file: File) => {
    const problem = coverProblem(file, t)
    setCoverError(problem)
    setCover(problem ? null : file)
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t(isEditing ? 'newsPage.editorEditTitle' : 'newsPage.editorAddTitle')}
      size={680}
      destroyOnHidden
      maskClosable={!isSaving}
      styles={{ footer: { display: 'flex', justifyContent: 'flex-end' } }}
      footer={
        <Space>
          <Button onClick={close} disabled={isSaving}>
            {t('newsPage.cancel')}
          </Button>
          <Button type="primary" loading={isSaving} disabled={!isReady} onClick={() => form.submit()} data-testid="news-editor-save">
            {isSaving ? t('newsPage.saving') : t('newsPage.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid="news-editor">
        {error && <Alert className="news-editor__error" type="error" showIcon title={error} data-testid="news-editor-error" />}
        {isEditing && article.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
        {isEditing && article.isError && <Alert type="error" showIcon title={errorMessage(article.error) || t('newsPage.notFoundText')} />}
        {isReady && (
          <Form<EditorValues>
            form={form}
            layout="vertical"
            initialValues={initialValues(article.data)}
            onFinish={(values) => void handleFinish(values)}
            disabled={isSaving}
            className="news-editor"
          >
            <Form.Item name="title" label={t('newsPage.fields.title')} rules={textRules('title', t)}>
              <Input
                placeholder={t('newsPage.placeholders.title')}
                count={{ show: true, max: NEWS_LIMITS.titleMax }}
                data-testid="news-field-title"
              />
            </Form.Item>
            <div className="news-editor__row">
              <Form.Item
                name="date"
                label={t('newsPage.fields.date')}
                rules={[{ required: true, message: t('newsPage.rules.dateRequired') }]}
              >
                <DatePicker
                  placeholder={t('newsPage.placeholders.date')}
                  aria-label={t('newsPage.placeholders.date')}
                  format="YYYY-MM-DD"
                  style={{ width: '100%' }}
                  data-testid="news-field-date"
                />
              </Form.Item>
              <Form.Item name="source" label={t('newsPage.fields.source')} rules={textRules('source', t)}>
                <Input
                  placeholder={t('newsPage.placeholders.source')}
                  count={{ show: true, max: NEWS_LIMITS.sourceMax }}
                  data-testid="news-field-source"
                />
              </Form.Item>
            </div>
            <Form.Item name="satelliteSlug" label={t('newsPage.fields.satellite')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('newsPage.placeholders.satellite')}
                aria-label={t('newsPage.placeholders.satellite')}
                options={satelliteOptions(satellites.data, t, locale)}
                loading={satellites.isPending}
                data-testid="news-field-satellite"
              />
            </Form.Item>
            <Form.Item name="summary" label={t('newsPage.fields.summary')} rules={textRules('summary', t)}>
              <Input.TextArea
                placeholder={t('newsPage.placeholders.summary')}
                autoSize={{ minRows: 2, maxRows: 5 }}
                count={{ show: true, max: NEWS_LIMITS.summaryMax }}
                data-testid="news-field-summary"
              />
            </Form.Item>
            <Form.Item name="body" label={t('newsPage.fields.body')} rules={textRules('body', t)} extra={t('newsPage.bodyHint')}>
              <Input.TextArea
                placeholder={t('newsPage.placeholders.body')}
                autoSize={{ minRows: 8, maxRows: 20 }}
                count={{ show: true, max: NEWS_LIMITS.bodyMax }}
                data-testid="news-field-body"
              />
            </Form.Item>
            <Form.Item label={t('newsPage.fields.cover')} extra={t('newsPage.coverHint', { size: formatBytes(NEWS_LIMITS.coverMaxBytes) })}>
              <div className="news-editor__cover">
                {!cover && article.data?.coverUrl && (
                  <img className="news-editor__cover-image" src={article.data.coverUrl} alt={t('newsPage.coverCurrent')} />
                )}
                <Upload
                  accept={COVER_TYPES.join(',')}
                  showUploadList={false}
                  maxCount={1}
                  beforeUpload={(file) => {
                    handleCover(file)
                    return false
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="news-cover-choose">
                    {article.data?.coverUrl || cover ? t('newsPage.coverReplace') : t('newsPage.coverChoose')}
                  </Button>
                </Upload>
                {cover && (
                  <span className="news-editor__cover-chosen" data-testid="news-cover-chosen">
                    {t('newsPage.coverChosen', { name: cover.name, size: formatBytes(cover.size) })}
                    <Button type="link" size="small" onClick={() => setCover(null)}>
                      {t('newsPage.coverRemoveChoice')}
                    </Button>
                  </span>
                )}
              </div>
              {coverError && (
                <Alert className="news-editor__cover-error" type="error" showIcon title={coverError} data-testid="news-cover-error" />
              )}
            </Form.Item>
          </Form>
        )}
      </div>
    </Drawer>
  )
}
