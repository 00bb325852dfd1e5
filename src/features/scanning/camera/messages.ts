/** The camera dialog's French texts, and the message for each way the camera can fail to start. */
export const CAMERA_TEXT = {
  title: 'Scanner avec la caméra',
  close: 'Fermer',
  torch: 'Lampe',
  camera: 'Caméra',
  starting: 'Démarrage de la caméra…',
  aim: 'Visez le code-barres ou le QR code.',
  retry: 'Réessayer',
  video: 'Image de la caméra',
} as const

export const CAMERA_ERRORS = {
  noCamera: 'Aucune caméra disponible sur cet appareil.',
  denied:
    "Accès à la caméra refusé. Autorisez la caméra pour ce site dans les réglages du navigateur (icône à gauche de l'adresse), puis réessayez.",
  busy: 'La caméra est utilisée par une autre application.',
  // The page was opened over plain HTTP (a LAN address): browsers give cameras to https pages only.
  insecure: "La caméra n'est disponible que sur l'adresse sécurisée (https) du site.",
  unsupported: 'Ce navigateur ne donne pas accès à la caméra.',
  other: 'Impossible de démarrer la caméra.',
  reader: 'Impossible de charger le lecteur de codes-barres.',
} as const

/** An error carrying a DOMException-like name, for the cases the browser does not raise itself. */
export function namedError(name: 'NotFoundError' | 'InsecureContextError' | 'NotSupportedError'): Error {
  const error = new Error(name)
  error.name = name
  return error
}

/** The French message for a getUserMedia failure (by the standard names, and older Chrome's). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_ERRORS.denied
    case 'NotReadableError':
    case 'TrackStartError':
      return CAMERA_ERRORS.busy
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return CAMERA_ERRORS.noCamera
    case 'InsecureContextError':
      return CAMERA_ERRORS.insecure
    case 'NotSupportedError':
      return CAMERA_ERRORS.unsupported
    default:
      return CAMERA_ERRORS.other
  }
}
