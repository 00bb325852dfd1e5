import { createContext } from 'react'
import { setToken } from '@/lib/session'

/**
 * The admin area's sign-out (the route's: the app's one sign-out, then the sign-in page), for a
 * write that ends the administrator's own session (closing their own sessions). Outside the area,
 * the dead token is forgotten, which lands on the sign-in page all the same.
 */
export const SignOutContext = createContext<() => void>(() => setToken(null))
