/**
 * Where to go after signing in. Only a same-app path is accepted, so a crafted
 * /login?redirect=https://evil.example link cannot send a user elsewhere.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/'
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return '/'
  return target
}
