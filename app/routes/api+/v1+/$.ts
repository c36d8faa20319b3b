import { apiError } from '~/utils/api.server'

// Unknown API paths answer JSON, not the HTML 404 page.
export const loader = () => apiError(404, 'No such API endpoint.')
export const action = () => apiError(404, 'No such API endpoint.')
