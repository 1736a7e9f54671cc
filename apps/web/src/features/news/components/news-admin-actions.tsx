import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Popconfirm } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { deleteNews } from '../api/delete-news'
import { NEWS_KEY } from '../api/fetch-news-list'

export interface NewsAdminActionsProps {
  article: { id: number; title: string }
  onEdit: () => void
  /** After a confirmed and successful deletion (the article page leaves for the list). */
  onDeleted?: () => void
  size?: 'small' | 'middle'
}

/** 编辑 and 删除 (asks first) for content editors; the caller shows them only with MOD_002. */
export function NewsAdminActions({ article, onEdit, onDeleted, size = 'small' }: NewsAdminActionsProps) {
  const t = useT()
  const queryClient = useQueryClient()
  const [isDeleting, setDeleting] = useState(false)

  const handleDelete = async () => {
    setDeleting(true)
    try {
      await deleteNews(article.id)
      onDeleted?.()
      queryClient.removeQueries({ queryKey: [...NEWS_KEY, 'detail', article.id] })
      await queryClient.invalidateQueries({ queryKey: [...NEWS_KEY, 'list'] })
      notify.success(t('newsPage.deleted'))
    } catch (e) {
      notify.error(errorMessage(e))
    } finally {
      setDeleting(false)
    }
  }

  return (
    <span className="news-admin-actions">
      <Button size={size} icon={<EditOutlined />} onClick={onEdit} data-testid={`news-edit-${article.id}`}>
        {t('newsPage.edit')}
      </Button>
      <Popconfirm
        title={t('newsPage.deleteConfirmTitle')}
        description={t('newsPage.deleteConfirmText', { title: article.title })}
        okText={t('newsPage.deleteOk')}
        cancelText={t('newsPage.cancel')}
        okButtonProps={{ danger: true, loading: isDeleting }}
        onConfirm={handleDelete}
      >
        <Button size={size} danger icon={<DeleteOutlined />} loading={isDeleting} data-testid={`news-delete-${article.id}`}>
          {t('newsPage.delete')}
        </Button>
      </Popconfirm>
    </span>
  )
}
