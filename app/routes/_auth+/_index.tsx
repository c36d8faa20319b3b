// "/" is the sign-in page too (spec section 2).
export { action, default, loader, meta } from './login'
