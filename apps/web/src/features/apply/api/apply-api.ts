import type { ApplyKind, ApplyState } from '@rs/shared'
import {
  applyAttachmentDownload,
  applyAttachmentUpload,
  applyList,
  applyReview,
  applyReviewList,
  applySubmit,
  applyWithdraw,
} from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { downloadFromApi } from '../../../lib/download'

export interface ApplyFilterState {
  status?: ApplyState
  pageNum: number
  pageSize: number
}

/** Every application query starts with this key. */
export const APPLY_KEY = ['apply'] as const

/** My applications, or every one for an administrator (review). */
export function useApplications(filter: ApplyFilterState, review = false) {
  return useQuery({
    queryKey: [...APPLY_KEY, review ? 'review' : 'mine', filter],
    queryFn: ({ signal }) => callApi(review ? applyReviewList : applyList, { query: filter, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    // the applicant's list looks again while one waits for review
    refetchInterval: (q) => (!review && q.state.data?.list.some((a) => a.status === 'pending') ? 15_000 : false),
  })
}

/** POST multipart: the attachment, checked by the server; answers its id. */
export function uploadAttachment(file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return callApi(applyAttachmentUpload, { form })
}

export const submitApplication = (body: { kind: ApplyKind; module: string; regionIds: string[]; reason: string; attachmentId: number }) =>
  callApi(applySubmit, { body })

export const withdrawApplication = (id: number) => callApi(applyWithdraw, { body: { id } })

export const reviewApplication = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  callApi(applyReview, { body: { id, decision, ...(reason ? { reason } : {}) } })

/** Downloads an attachment with the session token and saves it under its name. */
export const downloadAttachment = (id: number, fileName: string) => downloadFromApi(applyAttachmentDownload, { id }, fileName)
