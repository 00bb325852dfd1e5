/**
 * A new site's first hour (issue 16): the first administrator, on a site without any user. The
 * sign-in page's offer is imported by its own path (components/first-admin-offer.tsx): this index
 * brings the /setup screen and its zod checks.
 */
export { SetupScreen } from './components/setup-screen.tsx'
