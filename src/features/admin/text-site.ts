/** The admin area's French texts about the site: workstations, carriers, box types, ordered lists. */
import { type AdminListName, LOCATION_KIND_LABELS } from '@contract'
import { plural } from '@/lib/french'

const grammes = new Intl.NumberFormat('fr-FR')

export const siteText = {
  computers: {
    tab: 'Postes et imprimantes',
    add: 'Nouveau poste',
    editTitle: (n: string) => `Poste ${n}`,
    name: 'Nom du poste',
    ip: 'Adresse IP',
    ipHint:
      "L'adresse locale du poste (ex. 192.168.1.20). Vide : le poste est reconnu sur le navigateur désigné depuis ce poste (Chrome qui masque l'adresse, proxy).",
    noIp: 'Sans adresse IP : reconnu sur le navigateur désigné',
    thisBrowser: 'Ce navigateur',
    nameBrowser: 'Désigner ce navigateur',
    nameBrowserOf: (n: string) => `Désigner ce navigateur comme le poste ${n}`,
    forgetBrowser: 'Oublier',
    forgetBrowserOf: (n: string) => `Ce navigateur n'est plus le poste ${n}`,
    browserNamed: (n: string) =>
      `Ce navigateur est maintenant le poste ${n} : il imprime sur ses imprimantes.`,
    browserForgotten: (n: string) => `Ce navigateur n'est plus le poste ${n}.`,
    browserRefused: "Ce navigateur refuse d'enregistrer le poste (navigation privée ?).",
    printers: 'Imprimantes',
    noPrinter: 'Aucune imprimante.',
    addPrinter: 'Ajouter une imprimante',
    printerLegend: (n: number) => `Imprimante ${n}`,
    printerName: "Nom de l'imprimante",
    printerNameOf: (n: number) => `Nom de l'imprimante ${n}`,
    useOf: (n: number) => `Usage de l'imprimante ${n}`,
    languageOf: (n: number) => `Langage de l'imprimante ${n}`,
    use: 'Usage',
    uses: { label: 'Étiquettes', a4: 'A4' },
    language: 'Langage',
    languages: { pdf: 'PDF', zpl: 'ZPL' },
    removePrinter: (n: string) => `Retirer l'imprimante ${n || 'sans nom'}`,
    read: 'Lire les imprimantes',
    reading: 'Lecture des imprimantes de QZ Tray…',
    found: (n: number) =>
      `${plural(n, 'imprimante trouvée', 'imprimantes trouvées')} : choisissez-les dans la liste des noms.`,
    noneFound: 'QZ Tray ne voit aucune imprimante sur ce poste.',
    readFailed: (detail: string) => `Lecture des imprimantes impossible : ${detail}`,
    agentBack: 'QZ Tray répond maintenant : relancez la lecture des imprimantes.',
    created: (n: string) => `Poste ${n} créé.`,
    delete: 'Supprimer',
    deleteTitle: (n: string) => `Supprimer le poste ${n} ?`,
    deleteBody: 'Ses imprimantes sont retirées avec lui ; on ne pourra plus imprimer depuis ce poste.',
    deleteConfirm: 'Supprimer le poste',
    deleted: (n: string) => `Poste ${n} supprimé.`,
  },

  /** The server's HTTPS certificate (issue 30), as /installer shows it to the devices. */
  certificate: {
    title: 'Certificat du site (HTTPS)',
    plainHttp:
      "Le serveur ne sert pas en HTTPS : les terminaux ne peuvent ni installer l'application, ni démarrer hors ligne, ni utiliser la caméra. Démarrez-le avec HOST=0.0.0.0 (HTTPS automatique) ou TLS=on.",
    appUrl: "Adresse de l'application",
    qr: (url: string) => `QR code de l'adresse ${url}`,
    names: 'Noms et adresses du certificat',
    validTo: (day: string) => `Valable jusqu'au ${day}`,
    daysLeft: (n: number) =>
      n < 0 ? 'expiré' : n === 0 ? "expire aujourd'hui" : `plus que ${plural(n, 'jour', 'jours')}`,
    source: { generated: 'Généré par le serveur (renouvelé de lui-même)', given: 'Fourni par le site' },
    root: 'Racine du site',
    noRoot: "Aucune racine à installer : le certificat fourni n'est pas accompagné de son autorité.",
    fingerprint: 'Empreinte SHA-256 de la racine',
    rootValidTo: (day: string) => `Racine valable jusqu'au ${day}`,
    installer: "Page d'installation du certificat",
    failed: (detail: string) => `État du certificat indisponible : ${detail}`,
    unreachable: 'le serveur ne répond pas.',
    status: (code: number) => `le serveur a répondu ${code}.`,
    unexpected: "la réponse du serveur n'a pas la forme attendue.",
  },

  carriers: {
    tab: 'Transporteurs',
    add: 'Ajouter un transporteur',
    addTitle: 'Ajouter un transporteur',
    editTitle: (n: string) => `Transporteur ${n}`,
    code: 'Code du transporteur',
    codeHint: 'Les transporteurs dont le serveur a l’intégration, pas encore ajoutés.',
    allAdded: 'Tous les transporteurs que le serveur connaît sont déjà ajoutés.',
    name: 'Nom',
    maxWeight: 'Poids maximal du colis (g)',
    boxTypes: 'Cartons acceptés',
    services: 'Services',
    slipGroup: 'Groupe de bordereaux',
    withGroup: 'Ce transporteur a un groupe de bordereaux',
    groupCode: 'Code du groupe',
    groupName: 'Nom du groupe',
    pickupTime: "Heure d'enlèvement (HH:MM)",
    dock: 'Quai',
    noGroup: 'Sans groupe de bordereaux',
    summary: (grams: number, boxes: readonly string[]) =>
      `${grammes.format(grams)} g au plus · cartons : ${boxes.join(', ') || '—'}`,
    group: (g: { name: string; code: string; pickupTime: string; dockLane: string }) =>
      `Bordereaux : ${g.name} (${g.code}) · ${g.pickupTime} · ${g.dockLane}`,
    created: (n: string) => `Transporteur ${n} ajouté.`,
  },

  boxTypes: {
    tab: 'Cartons',
    add: 'Nouveau carton',
    editTitle: (c: string) => `Carton ${c}`,
    code: 'Code',
    name: 'Nom',
    length: 'Longueur intérieure (mm)',
    width: 'Largeur intérieure (mm)',
    height: 'Hauteur intérieure (mm)',
    tare: 'Poids à vide (g)',
    maxWeight: 'Poids maximal (g)',
    summary: (b: {
      innerLengthMm: number
      innerWidthMm: number
      innerHeightMm: number
      maxWeightGrams: number
    }) =>
      `${b.innerLengthMm} × ${b.innerWidthMm} × ${b.innerHeightMm} mm · ${grammes.format(b.maxWeightGrams)} g au plus`,
    created: (c: string) => `Carton ${c} créé.`,
  },

  locations: {
    tab: 'Emplacements',
    // The contract's names, as the server's history writes them.
    kinds: LOCATION_KIND_LABELS,
    counts: 'Emplacements par type',
    count: (n: number) => plural(n, 'emplacement', 'emplacements'),
    filter: 'Filtrer les emplacements',
    shown: (shown: number, total: number) =>
      shown < total ? `${shown} premiers sur ${total} : affinez le filtre pour voir les autres.` : null,
    none: 'Aucun emplacement.',
    add: 'Créer des emplacements',
    names: 'Un emplacement par ligne',
    namesHint: 'Lettres sans accent, chiffres et . _ / - (ex. A-01-01-01).',
    kind: 'Type',
    create: 'Créer',
    created: (n: number) =>
      n === 0 ? 'Aucun emplacement créé.' : `${plural(n, 'emplacement créé', 'emplacements créés')}.`,
    existing: (names: readonly string[]) => `Existaient déjà : ${names.join(', ')}.`,
  },

  lists: {
    tab: 'Listes',
    which: 'Liste',
    names: {
      'scrap-reasons': 'Motifs de rebut',
      'return-origins': 'Origines de retour',
      'wait-reasons': "Motifs d'attente",
    } satisfies Record<AdminListName, string>,
    label: (i: number) => `Libellé ${i + 1}`,
    up: (l: string) => `Monter « ${l} »`,
    down: (l: string) => `Descendre « ${l} »`,
    retire: 'Retirer',
    retireLabel: (l: string) => `Retirer « ${l} »`,
    activate: 'Réactiver',
    activateLabel: (l: string) => `Réactiver « ${l} »`,
    retired: 'Retiré',
    newItem: 'Nouveau libellé',
    add: 'Ajouter',
    save: 'Enregistrer la liste',
    reset: 'Annuler les changements',
    unsaved: 'Modifications non enregistrées.',
    saved: (name: string) => `${name} : liste enregistrée.`,
  },
} as const
