import type { ReactNode } from 'react'

/** A titled white block of a satellite page (the look of an antd card without its tabs machinery). */
export function Panel({ title, extra, children, testId }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="satellite-block" data-testid={testId}>
      {title && (
        <header className="satellite-block__head">
          <h2 className="satellite-block__title">{title}</h2>
          {extra}
        </header>
      )}
      <div className="satellite-block__body">{children}</div>
    </section>
  )
}
