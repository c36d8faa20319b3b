import { useEffect, useState } from 'react'

/**
 * A component that only the browser shows, loaded once the page has hydrated (its own chunk, so
 * other pages do not carry it). Undefined on the server, without JavaScript and until it is in.
 * `load` is a module-level function (it is called once).
 */
export function useLoadedOnMount<T>(load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T }>()
  useEffect(() => {
    let live = true
    load()
      .then((value) => {
        if (live) setLoaded({ value })
      })
      // A chunk that failed to load leaves the page as it is without JavaScript.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [load])
  return loaded?.value
}
