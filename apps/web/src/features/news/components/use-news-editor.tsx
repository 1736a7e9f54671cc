import type { NewsArticle } from '@rs/shared'
import { lazy, type ReactNode, Suspense, useState } from 'react'

// the form, date picker and drawer load only when an editor first opens them: visitors never download them
const NewsEditor = lazy(() => import('./news-editor').then((m) => ({ default: m.NewsEditor })))

/** Opens the news editor for a new article or an existing one; render `editor` once in the page. */
export function useNewsEditor(onSaved?: (article: NewsArticle) => void): {
  openNew: () => void
  openEdit: (id: number) => void
  editor: ReactNode
} {
  const [state, setState] = useState<{ open: boolean; id?: number; isUsed: boolean }>({ open: false, isUsed: false })
  return {
    openNew: () => setState({ open: true, isUsed: true }),
    openEdit: (id) => setState({ open: true, id, isUsed: true }),
    editor: state.isUsed ? (
      <Suspense fallback={null}>
        <NewsEditor open={state.open} id={state.id} onClose={() => setState((s) => ({ ...s, open: false }))} onSaved={onSaved} />
      </Suspense>
    ) : null,
  }
}
