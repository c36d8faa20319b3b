type Handlers = Partial<{
  [E in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[E]) => void
}>

/** Adds `handlers` to `element` and returns what removes them (an effect's cleanup). */
export function listen(element: HTMLElement, handlers: Handlers) {
  const entries = Object.entries(handlers) as Array<[string, EventListener]>
  for (const [type, handler] of entries) element.addEventListener(type, handler)
  return () => {
    for (const [type, handler] of entries) element.removeEventListener(type, handler)
  }
}
