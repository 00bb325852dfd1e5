/**
 * The French texts of the set-up help shown when QZ Tray refuses this site (its own module, so
 * they load with the help, not with the first screen).
 */
export const ROOT_CERTIFICATE_FILE = 'entrepot-qz-racine.pem'
const EXAMPLE_PATH = `C:\\qz\\${ROOT_CERTIFICATE_FILE}`

export const agentHelpText = {
  title: 'QZ Tray refuse ce site',
  intro:
    "QZ Tray fonctionne sur ce poste mais refuse la connexion : le certificat du site n'y est pas installé (ou la connexion a été bloquée dans QZ Tray). À faire une fois par poste :",
  download: 'Téléchargez le certificat racine du site :',
  downloadButton: 'Télécharger le certificat',
  downloadFailed: 'Impossible de télécharger le certificat du site.',
  copy: `Copiez-le sur ce poste, par exemple dans ${EXAMPLE_PATH}.`,
  properties:
    "Dans le dossier d'installation de QZ Tray, ajoutez au fichier qz-tray.properties la ligne (le chemin du fichier, barres obliques inverses doublées) :",
  propertiesLine: `authcert.override=${EXAMPLE_PATH.replaceAll('\\', '\\\\')}`,
  restart: 'Redémarrez QZ Tray, puis réessayez : plus besoin de recharger la page.',
  retry: 'Réessayer la connexion',
}
