import { API_MESSAGES, apiError } from '~/utils/http-errors'

// Unknown API paths answer JSON, not the HTML 404 page.
export const loader = () => apiError(404, API_MESSAGES.notFound)
export const action = loader
