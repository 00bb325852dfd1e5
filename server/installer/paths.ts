/** The installer's addresses: the only ones plain HTTP answers once HTTPS is on (tls/front-door.ts). */
export const INSTALLER_PATH = '/installer'
export const ROOT_FILE_NAME = 'entrepot-racine.crt'
export const INSTALLER_PATHS = {
  page: INSTALLER_PATH,
  rootDer: `${INSTALLER_PATH}/${ROOT_FILE_NAME}`,
  rootPem: `${INSTALLER_PATH}/entrepot-racine.pem`,
  check: `${INSTALLER_PATH}/verifier`,
  checkScript: `${INSTALLER_PATH}/verifier.js`,
  state: `${INSTALLER_PATH}/etat.json`,
} as const

const EXACT = new Set<string>(Object.values(INSTALLER_PATHS))

/** Whether a request's URL is one of them, exactly (a query string aside): no prefix, no `..`. */
export const isInstallerPath = (url: string) => EXACT.has(url.split('?')[0] ?? '')
