import { Form } from '@remix-run/react'

/**
 * Turns the single-key shortcuts on or off (issue 30; WCAG 2.1.4): a form posted to /help, which
 * comes back to `back`. Ctrl+K for the palette stays, since it needs a modifier.
 */
export function ShortcutsSwitch({ on, back }: { on: boolean; back: string }) {
  return (
    <Form method="post" action="/help" className="shortcuts-switch">
      <p>
        Single-key keyboard shortcuts are <strong>{on ? 'on' : 'off'}</strong>.
      </p>
      <input type="hidden" name="shortcuts" value={on ? 'off' : 'on'} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="btn">
        {on ? 'Turn keyboard shortcuts off' : 'Turn keyboard shortcuts on'}
      </button>
    </Form>
  )
}
