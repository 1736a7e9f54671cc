import type { BodyOf, QueryOf } from '@rs/shared'
import {
  provinceMinistryAttachmentDownload,
  provinceMinistryAttachmentUpload,
  provinceMinistryClose,
  provinceMinistryCreate,
  provinceMinistryDetail,
  provinceMinistryList,
  provinceMinistryReply,
} from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { downloadFromApi } from '../../../lib/download'

/** The list's filters and page, as the list call takes them (the page always set). */
export type ProvinceMinistryFilter = QueryOf<typeof provinceMinistryList> & { pageNum: number; pageSize: number }

/** Every 省部协同 query starts with this key. */
export const PROVINCE_MINISTRY_KEY = ['province-ministry'] as const

/** The requests the caller may see, most recently changed first. */
export function useProvinceMinistryRequests(filter: ProvinceMinistryFilter) {
  return useQuery({
    queryKey: [...PROVINCE_MINISTRY_KEY, 'list', filter],
    queryFn: ({ signal }) => callApi(provinceMinistryList, { query: filter, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    // the other side answers while the list is open
    refetchInterval: 60_000,
  })
}

/** One request's thread and what the caller may do on it; nothing while no request is open. */
export function useProvinceMinistryThread(id: number | null) {
  return useQuery({
    queryKey: [...PROVINCE_MINISTRY_KEY, 'thread', id],
    queryFn: ({ signal }) => callApi(provinceMinistryDetail, { query: { id: id as number }, signal }),
    enabled: id !== null,
    retry: false,
    // an open thread looks again for the other side's reply until it is closed
    refetchInterval: (q) => (q.state.data?.request.state === 'closed' ? false : 30_000),
  })
}

/** POST multipart: one attachment, checked by the server; answers its id for the message that will carry it. */
export function uploadProvinceMinistryAttachment(file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return callApi(provinceMinistryAttachmentUpload, { form })
}

export const askProvinceMinistry = (body: BodyOf<typeof provinceMinistryCreate>) => callApi(provinceMinistryCreate, { body })

export const replyProvinceMinistry = (body: BodyOf<typeof provinceMinistryReply>) => callApi(provinceMinistryReply, { body })

export const closeProvinceMinistry = (id: number) => callApi(provinceMinistryClose, { body: { id } })

/** Downloads an attachment with the session token and saves it under its name. */
export const downloadProvinceMinistryAttachment = (id: number, fileName: string) =>
  downloadFromApi(provinceMinistryAttachmentDownload, { id }, fileName)
