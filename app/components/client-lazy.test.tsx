import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { clientLazy, clientLazyLoaded } from './client-lazy'

test('the server renders a lazily loaded form whole once its module is loaded', async () => {
  const Form = clientLazy(() =>
    Promise.resolve(function Form({ label }: { label: string }) {
      return <button type="submit">{label}</button>
    }),
  )
  // Rendered before the module is in, it says so instead of sending a page without the form.
  expect(() => renderToString(<Form label="Save" />)).toThrow(
    'clientLazy: rendered before its module loaded',
  )
  await clientLazyLoaded()
  expect(renderToString(<Form label="Save" />)).toBe(
    '<!--$--><button type="submit">Save</button><!--/$-->',
  )
})
