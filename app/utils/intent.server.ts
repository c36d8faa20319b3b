/** The intent of a posted form (the name of what its button does); actions switch on it. */
export function intentOf(form: FormData) {
  const intent = form.get('intent')
  return typeof intent === 'string' ? intent : ''
}

/** Thrown by an action for an intent it does not know: a 400 page. */
export function unknownIntent() {
  return new Response('Unknown action.', { status: 400 })
}
