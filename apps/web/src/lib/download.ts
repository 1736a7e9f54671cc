/** Saves a blob under a file name through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  try {
    downloadUrl(url, fileName)
  } finally {
    // the click has started the download; revoking later keeps slow browsers safe
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

/** Saves what a URL (object or data URL) holds under a file name. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}
