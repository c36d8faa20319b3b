import { useState, type MouseEvent } from 'react'

/**
 * COPY: with JavaScript the matching rows go to the clipboard as tab-separated text and the page
 * says how many; without it (or if the clipboard is refused) the link opens the same text.
 */
export function CopyLink({ href }: { href: string }) {
  const [message, setMessage] = useState('')
  const copy = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigator.clipboard || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    setMessage('Copying…')
    try {
      const response = await fetch(href)
      // Too many reports running: say so, as the server words it, and do not open the text.
      if (response.status === 429) {
        setMessage(((await response.json()) as { message: string }).message)
        return
      }
      if (!response.ok) throw new Error(String(response.status))
      const text = await response.text()
      await navigator.clipboard.writeText(text)
      const rows = text.split('\n').filter(Boolean).length - 1
      setMessage(`Copied ${rows} ${rows === 1 ? 'row' : 'rows'} to the clipboard.`)
    } catch {
      setMessage('The rows could not be copied. Opening them instead…')
      window.location.assign(href)
    }
  }
  return (
    <>
      <a href={href} className="btn" onClick={copy}>
        COPY
      </a>
      <span role="status" className="report-actions__message">
        {message}
      </span>
    </>
  )
}
