import { UploadOutlined } from '@ant-design/icons'
import { TYPICAL_IMAGE_LIMITS, type TypicalImage } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Form, Input, Modal, Upload } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { typicalImagesQuery } from '../api/fetch-typical-images'
import { replaceTypicalImage } from '../api/replace-typical-image'
import { fileProblem, formatBytes, IMAGE_TYPES, type PixelSize, pixelProblem, readPixelSize } from '../utils/image-check'

export interface ReplaceImageDialogProps {
  /** The sample being replaced; the dialog is closed when null. */
  image: TypicalImage | null
  onClose: () => void
  /** Reads an image's pixel size (the browser's decoder by default; tests pass their own). */
  measure?: (file: File) => Promise<PixelSize>
}

interface Chosen {
  file: File
  size: PixelSize
}

/** 替换为真实影像: one PNG/JPEG/WebP file (type, bytes and pixels checked here first) and its credit line. */
export function ReplaceImageDialog({ image, onClose, measure = readPixelSize }: ReplaceImageDialogProps) {
  const t = useT()
  const [form] = Form.useForm<{ credit: string }>()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [fileError, setFileError] = useState<string>()
  const [error, setError] = useState<string>()
  const [isSaving, setSaving] = useState(false)

  const close = () => {
    setChosen(null)
    setFileError(undefined)
    setError(undefined)
    onClose()
  }

  const handleFile = async (file: File) => {
    setChosen(null)
    const problem = fileProblem(file, t)
    if (problem) {
      setFileError(problem)
      return
    }
    try {
      const size = await measure(file)
      const tooWide = pixelProblem(size, t)
      setFileError(tooWide)
      if (!tooWide) setChosen({ file, size })
    } catch {
      setFileError(t('typicalImagePage.rules.unreadable', { name: file.name }))
    }
  }

  const handleFinish = async ({ credit }: { credit: string }) => {
    if (!image) return
    if (!chosen) {
      setFileError(fileError ?? t('typicalImagePage.rules.fileRequired'))
      return
    }
    setSaving(true)
    setError(undefined)
    try {
      await replaceTypicalImage(image.key, chosen.file, credit.trim())
      await queryClient.invalidateQueries({ queryKey: typicalImagesQuery.queryKey })
      notify.success(t('typicalImagePage.replaced'))
      close()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={image !== null}
      title={image ? t('typicalImagePage.dialogTitle', { title: image.title }) : ''}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('typicalImagePage.submit')}
      cancelText={t('typicalImagePage.cancel')}
      okButtonProps={{ loading: isSaving }}
      cancelButtonProps={{ disabled: isSaving }}
      maskClosable={!isSaving}
      destroyOnHidden
      width={560}
    >
      <div data-testid="typical-replace-dialog">
        {error && <Alert className="typical-dialog__error" type="error" showIcon title={error} data-testid="typical-replace-error" />}
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void handleFinish(values)}
          disabled={isSaving}
          initialValues={{ credit: image?.credit ?? '' }}
        >
          <Form.Item
            label={t('typicalImagePage.file')}
            required
            extra={t('typicalImagePage.fileHint', { size: formatBytes(TYPICAL_IMAGE_LIMITS.maxBytes), side: TYPICAL_IMAGE_LIMITS.maxSide })}
            validateStatus={fileError ? 'error' : undefined}
            help={fileError}
          >
            <div className="typical-dialog__file">
              <Upload
                accept={IMAGE_TYPES.join(',')}
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void handleFile(file)
                  return false
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="typical-replace-choose">
                  {t('typicalImagePage.choose')}
                </Button>
              </Upload>
              {chosen && (
                <span className="typical-dialog__chosen" data-testid="typical-replace-chosen">
                  {t('typicalImagePage.chosen', {
                    name: chosen.file.name,
                    size: formatBytes(chosen.file.size),
                    width: chosen.size.width,
                    height: chosen.size.height,
                  })}
                </span>
              )}
            </div>
          </Form.Item>
          <Form.Item
            name="credit"
            className="typical-dialog__credit"
            label={t('typicalImagePage.creditLabel')}
            extra={t('typicalImagePage.creditHint')}
            rules={[
              { required: true, whitespace: true, message: t('typicalImagePage.rules.creditRequired') },
              {
                validator: async (_, value: string | undefined) => {
                  if ((value ?? '').trim().length > TYPICAL_IMAGE_LIMITS.maxCreditChars)
                    throw new Error(t('typicalImagePage.rules.creditTooLong', { max: TYPICAL_IMAGE_LIMITS.maxCreditChars }))
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('typicalImagePage.creditPlaceholder')}
              count={{ show: true, max: TYPICAL_IMAGE_LIMITS.maxCreditChars }}
              data-testid="typical-replace-credit"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  )
}
