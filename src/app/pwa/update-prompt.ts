/**
 * The 'new version' banner: plain DOM and inline styles, no React or Mantine, so it costs nothing
 * to the first screen and does not depend on which screen is mounted. Persistent until the user
 * answers; 'Plus tard' hides it (the new version then starts with the next opening of the app).
 *
 * The reload never cuts a scan: it only follows the user's click, and if a text field then holds a
 * value being typed or scanned, it waits until that field is emptied or left.
 */
const TEXT = {
  message: 'Nouvelle version disponible',
  update: 'Mettre à jour',
  later: 'Plus tard',
  waiting: 'Mise à jour dès la fin de la saisie en cours…',
}

const BANNER_ID = 'pwa-update-prompt'
const INPUT_POLL_MS = 300

/** Shows the banner (once); `onUpdate` runs when the user accepts and no input is in progress. */
export function showUpdatePrompt(onUpdate: () => void): void {
  if (document.getElementById(BANNER_ID)) return

  const banner = document.createElement('div')
  banner.id = BANNER_ID
  banner.setAttribute('role', 'status')
  Object.assign(banner.style, {
    position: 'fixed',
    insetInline: '12px',
    bottom: 'calc(12px + env(safe-area-inset-bottom, 0px))',
    zIndex: '10000',
    maxWidth: '480px',
    margin: '0 auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 12px',
    padding: '12px 16px',
    borderRadius: '8px',
    background: '#1f1f1f',
    color: '#fff',
    boxShadow: '0 4px 16px rgba(0, 0, 0, 0.3)',
    font: 'inherit',
    fontSize: '15px',
  } satisfies Partial<CSSStyleDeclaration>)

  const message = document.createElement('span')
  message.textContent = TEXT.message
  message.style.flex = '1 1 12em'

  const update = button(TEXT.update, true)
  const later = button(TEXT.later, false)
  update.addEventListener('click', () => {
    update.disabled = true
    later.disabled = true
    whenNoInputInProgress(onUpdate, () => (message.textContent = TEXT.waiting))
  })
  later.addEventListener('click', () => banner.remove())

  banner.append(message, later, update)
  document.body.append(banner)
}

function button(label: string, primary: boolean): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.textContent = label
  Object.assign(element.style, {
    minHeight: '44px',
    padding: '0 14px',
    border: primary ? '0' : '1px solid rgba(255, 255, 255, 0.6)',
    borderRadius: '6px',
    background: primary ? '#D71921' : 'transparent',
    color: '#fff',
    font: 'inherit',
    fontWeight: '600',
    cursor: 'pointer',
  } satisfies Partial<CSSStyleDeclaration>)
  // A mouse or a tap on the banner leaves the focus where it was (the scan field stays armed),
  // which also lets the click see whether an input is in progress.
  element.addEventListener('mousedown', (event) => event.preventDefault())
  return element
}

/** A focused text field holding a value: a scan or an entry is in progress. */
function inputInProgress(): boolean {
  const active = document.activeElement
  if (active instanceof HTMLTextAreaElement) return active.value !== ''
  if (!(active instanceof HTMLInputElement)) return false
  return (
    ['text', 'search', 'number', 'tel', 'email', 'url', 'password'].includes(active.type) &&
    active.value !== ''
  )
}

/**
 * Runs `then` now, or once the field in progress is emptied or left. A scan field is usually
 * cleared by code after a scan (no 'input' event), so this looks again every few hundred ms.
 */
function whenNoInputInProgress(then: () => void, onWait: () => void): void {
  if (!inputInProgress()) return then()
  onWait()
  const timer = window.setInterval(() => {
    if (inputInProgress()) return
    window.clearInterval(timer)
    then()
  }, INPUT_POLL_MS)
}
