import { useEffect, useState, type ChangeEvent } from 'react'

type Uploader = typeof import('./picture-upload.client')

let uploader: Promise<Uploader> | undefined
/** The picture code, fetched the first time a picture is chosen (not with the page). */
export function loadUploader() {
  uploader ??= import('./picture-upload.client')
  return uploader
}

/** The shrinking still under way per file input, awaited before its form is sent. */
const shrinking = new WeakMap<HTMLInputElement, Promise<void>>()

/** Resolves once every picture chosen in `form` is ready to be sent. */
export async function picturesReady(form: HTMLFormElement) {
  const inputs = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]'))
  await Promise.all(inputs.map((input) => shrinking.get(input)))
}

type Preview = { url: string; size: number; width?: number; height?: number; chosenSize: number }

/**
 * A picture input's browser side: once a picture is chosen, the picture code is fetched, the
 * picture is shrunk to what the server keeps and put back in the input in place of the original
 * (so whatever sends the form sends the small one), and a preview of what will be sent, with its
 * size, is shown. Without JavaScript nothing of this happens and the whole file goes up.
 */
export function usePictureInput(inputId: string) {
  const [preview, setPreview] = useState<Preview | null>(null)
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview])

  function take(input: HTMLInputElement) {
    const chosen = input.files?.[0]
    if (!chosen) {
      setPreview(null)
      return
    }
    const job = loadUploader()
      .then((m) => m.shrinkPicture(chosen))
      .then((shrunk) => {
        if (input.files?.[0] !== chosen) return // another picture was chosen meanwhile
        if (shrunk) {
          const files = new DataTransfer()
          files.items.add(shrunk.file)
          input.files = files.files
        }
        const sent = shrunk?.file ?? chosen
        setPreview({
          url: URL.createObjectURL(sent),
          size: sent.size,
          width: shrunk?.width,
          height: shrunk?.height,
          chosenSize: chosen.size,
        })
      })
      .catch(() => {}) // the picture then goes as chosen
    shrinking.set(input, job)
  }

  // A picture chosen before this code arrived (the page was still loading) is taken now.
  useEffect(() => {
    setPreview(null)
    const input = document.getElementById(inputId)
    if (input instanceof HTMLInputElement && input.files?.length) take(input)
  }, [inputId])

  return { onChange: (event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget), preview }
}

/** What will be sent for a picture input: a small view of it and its size. */
export function PicturePreview({ inputId, preview }: { inputId: string; preview: Preview | null }) {
  return (
    <output htmlFor={inputId} className="picture-preview">
      {preview ? (
        <>
          <img src={preview.url} alt="" width={64} height={64} className="picture-preview__image" />
          <span>
            To send:{' '}
            {preview.width && preview.height ? `${preview.width} × ${preview.height}, ` : ''}
            {formatBytes(preview.size)}
            {preview.size < preview.chosenSize
              ? ` (chosen: ${formatBytes(preview.chosenSize)})`
              : ''}
          </span>
        </>
      ) : null}
    </output>
  )
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
