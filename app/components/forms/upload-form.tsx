import { useSubmit } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type FormEvent, type FormEventHandler } from 'react'
import { Button } from './button'
import { loadUploader, picturesReady } from './picture-input'

type Step =
  | { name: 'idle'; said?: string }
  | { name: 'sending'; percent: number }
  | { name: 'failed'; said?: string }

export const UPLOAD_FAILED_MESSAGE =
  'The upload failed: the connection was lost. Everything you entered is kept; press Retry to send it again.'
export const UPLOAD_CANCELLED_MESSAGE = 'Upload cancelled. Everything you entered is kept.'

/**
 * Sending a form with pictures, with JavaScript: the form goes through XMLHttpRequest so its
 * progress shows (see UploadStatus), it can be cancelled, and a lost connection leaves the page
 * as it was (every value and picture still in the form) with a Retry. The server's answer is then
 * given to Remix, which handles it as any answer to that form (redirect and toast, or field
 * errors). A form with no picture chosen is left to Remix as usual.
 *
 * Hooked on the form element's submit: `onSubmit(previous)` runs the form's own handler first
 * (its validation), and takes over only a submit that handler let through.
 */
export function useUploadForm({
  preventScrollReset,
  onRedirect,
  keepOffline,
}: {
  preventScrollReset?: boolean
  onRedirect?: () => void
  /**
   * A form that can wait for the network (the new-order form's outbox, issue 31): given what a
   * send that never reached the server would have sent, answers what to say instead of Retry
   * (`kept`: the form's job is done), or null to offer Retry as usual.
   */
  keepOffline?: (formData: FormData) => Promise<{ kept: boolean; message: string } | null>
} = {}) {
  const submit = useSubmit()
  const [step, setStep] = useState<Step>({ name: 'idle' })
  const sending = useRef<AbortController | null>(null)
  const last = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null)
  // Leaving the page stops its upload, as it would stop a form the browser sends itself.
  useEffect(() => () => sending.current?.abort(), [])

  async function send(form: HTMLFormElement, submitter: HTMLElement | null) {
    const controller = new AbortController()
    sending.current = controller
    last.current = { form, submitter }
    setStep({ name: 'sending', percent: 0 })
    let formData: FormData | null = null
    try {
      const [uploader] = await Promise.all([loadUploader(), picturesReady(form)])
      formData = formDataOf(form, submitter)
      const action = form.getAttribute('action') ?? window.location.href
      const answer = await uploader.sendForm(action, formData, {
        signal: controller.signal,
        onProgress: (fraction) => setStep({ name: 'sending', percent: Math.floor(fraction * 100) }),
      })
      if (controller.signal.aborted) return
      setStep({ name: 'idle', said: 'Upload finished.' })
      if (uploader.isRedirect(answer)) onRedirect?.()
      uploader.answerNextSubmit(action, answer)
      submit(formData, {
        method: 'post',
        action,
        encType: 'multipart/form-data',
        preventScrollReset,
      })
    } catch {
      // Nothing reached the server's answer: the page stays as it was, ready to send again.
      const cancelled = controller.signal.aborted
      const kept =
        !cancelled && formData && keepOffline ? await keepOffline(formData).catch(() => null) : null
      if (kept) setStep(kept.kept ? { name: 'idle' } : { name: 'failed', said: kept.message })
      else
        setStep(cancelled ? { name: 'idle', said: UPLOAD_CANCELLED_MESSAGE } : { name: 'failed' })
    } finally {
      if (sending.current === controller) sending.current = null
    }
  }

  function onSubmit(previous?: FormEventHandler<HTMLFormElement>) {
    return (event: FormEvent<HTMLFormElement>) => {
      previous?.(event)
      if (event.defaultPrevented) return
      const form = event.currentTarget
      if (!hasPicture(form)) return
      event.preventDefault()
      if (sending.current) return // already on its way: a second press sends nothing
      const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null
      void send(form, submitter)
    }
  }

  // Cancel leaves the page with the press: the focus goes back to the button that sent the form.
  const cancel = () => {
    sending.current?.abort()
    const { form, submitter } = last.current ?? {}
    const target = submitter ?? form?.querySelector<HTMLElement>('[type="submit"]')
    if (target?.isConnected) target.focus()
  }
  // Through the form's own submit again, so its validation sees what was changed meanwhile.
  const retry = () => {
    const { form, submitter } = last.current ?? {}
    if (form?.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null)
  }

  return { step, onSubmit, cancel, retry, busy: step.name === 'sending' }
}

export type UploadForm = ReturnType<typeof useUploadForm>

/** Whether the form has a picture chosen, to be sent with it. */
export const hasPicture = (form: HTMLFormElement) =>
  Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]')).some(
    (input) => !input.disabled && (input.files?.length ?? 0) > 0,
  )

function formDataOf(form: HTMLFormElement, submitter: HTMLElement | null) {
  try {
    return new FormData(form, submitter)
  } catch {
    return new FormData(form) // a browser that does not know the submitter argument
  }
}

/**
 * A form's upload, next to its submit button: while it goes, a labelled progress bar with its
 * percentage and Cancel; after a lost connection, the reason and Retry. Its live region (in the
 * page from the start, so changes are read out) says the progress in steps of a quarter.
 */
export function UploadStatus({ upload }: { upload: UploadForm }) {
  const id = useId()
  const { step } = upload
  const said =
    step.name === 'sending'
      ? `Uploading pictures: ${Math.floor(step.percent / 25) * 25}%`
      : step.name === 'idle'
        ? step.said
        : undefined
  return (
    <div className="upload-status grid-2__full">
      <p role="status" className="sr-only">
        {said}
      </p>
      {step.name === 'sending' ? (
        <div className="upload-status__bar">
          <label htmlFor={`${id}-progress`}>Uploading pictures</label>
          <progress id={`${id}-progress`} max={100} value={step.percent}>
            {step.percent}%
          </progress>
          <span aria-hidden="true">{step.percent}%</span>
          <Button size="small" onClick={upload.cancel}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      {step.name === 'failed' ? (
        <div role="alert" className="upload-status__failed">
          <p>{step.said ?? UPLOAD_FAILED_MESSAGE}</p>
          <Button variant="primary" size="small" onClick={upload.retry}>
            Retry
          </Button>
        </div>
      ) : null}
      {step.name === 'idle' && step.said === UPLOAD_CANCELLED_MESSAGE ? (
        <p className="field__hint">{UPLOAD_CANCELLED_MESSAGE}</p>
      ) : null}
    </div>
  )
}
