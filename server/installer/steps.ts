/**
 * The installer page's steps per kind of device (French, as the app): how each platform makes a
 * root certificate trusted for web sites. Kept apart from the page's markup so that the wording can
 * be read and changed in one place.
 */
export interface DeviceSteps {
  id: string
  title: string
  steps: string[]
}

/** `file` is the certificate's file name as downloaded (entrepot-racine.crt). */
export const deviceSteps = (file: string): DeviceSteps[] => [
  {
    id: 'android',
    title: 'Terminal Android (11 et plus)',
    steps: [
      `Touchez « Télécharger le certificat (.crt) » ci-dessus : le fichier ${file} arrive dans Téléchargements.`,
      'Ouvrez Paramètres → Sécurité (ou Sécurité et confidentialité) → Paramètres avancés → Chiffrement et identifiants → Installer un certificat → Certificat CA.',
      `Touchez « Installer quand même », déverrouillez, puis choisissez ${file}.`,
      'Revenez sur cette page et touchez « Vérifier » : elle doit dire que ce navigateur fait confiance au site.',
    ],
  },
  {
    id: 'android-managed',
    title: 'Terminaux Android gérés (EMM / MDM)',
    steps: [
      `Dans la console de gestion (Intune, Workspace ONE, Google Admin, SOTI…), ajoutez ${file} comme certificat racine de confiance (profil « Certificat approuvé » ou « Certificat CA ») et affectez-le aux terminaux de l'entrepôt.`,
      "Le certificat arrive sur chaque terminal à la synchronisation suivante, sans geste de l'opérateur.",
    ],
  },
  {
    id: 'ios',
    title: 'iPhone ou iPad',
    steps: [
      'Dans Safari, touchez « Télécharger le certificat (.crt) » puis « Autoriser » : « Profil téléchargé ».',
      "Ouvrez Réglages → Général → VPN et gestion de l'appareil → le profil de l'entrepôt → Installer.",
      "Puis Réglages → Général → Informations → Réglages des certificats : activez la confiance totale pour la racine de l'entrepôt.",
    ],
  },
  {
    id: 'windows',
    title: 'Poste Windows',
    steps: [
      `Téléchargez ${file} et double-cliquez dessus → Installer le certificat → Ordinateur local.`,
      'Choisissez « Placer tous les certificats dans le magasin suivant » → Autorités de certification racines de confiance → Terminer.',
      `Ou, dans une invite de commandes en administrateur : certutil -addstore -f Root ${file}`,
      'Redémarrez le navigateur (Chrome, Edge et Firefox lisent ce magasin).',
    ],
  },
  {
    id: 'macos',
    title: 'Mac',
    steps: [
      `Téléchargez ${file} et ouvrez-le : Trousseaux d'accès l'ajoute au trousseau Système.`,
      "Double-cliquez sur la racine de l'entrepôt → Se fier → « Lors de l'utilisation de ce certificat » : Toujours approuver.",
      `Ou, dans le Terminal : sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ${file}`,
    ],
  },
  {
    id: 'chromeos',
    title: 'Chromebook',
    steps: [
      `Téléchargez ${file}, puis ouvrez chrome://settings/certificates → Autorités → Importer.`,
      "Cochez « Faire confiance à ce certificat pour l'identification des sites Web » → OK. (Chromebooks gérés : Google Admin → Appareils → Réseaux → Certificats.)",
    ],
  },
  {
    id: 'linux',
    title: 'Poste Linux',
    steps: [
      `sudo cp ${file} /usr/local/share/ca-certificates/ && sudo update-ca-certificates`,
      `Chrome et Chromium lisent leur propre base : certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n entrepot -i ${file} (paquet libnss3-tools).`,
    ],
  },
]
