/**
 * Every user-visible text, in one place so it can be checked against docs/specification.md. The specification's texts are
 * copied exactly (including the few it keeps in English); the rest is ours, in French.
 */

/** docs/specification.md §2.5: the print agent is not running (the header's indicator, and a print that cannot go). */
const AGENT_NOT_RUNNING = 'Merci de lancer le logiciel QZ Tray'
/** Not the specification's: QZ Tray runs but refuses the site (the header's indicator, and a print it refuses). */
const AGENT_REFUSED = 'QZ Tray refuse la connexion : certificat du site non installé'

export const messages = {
  errors: {
    accessLoad: 'Une erreur est survenue. Impossible de charger les paramètres.',
    printingLoad: "Une erreur est survenue. Impossible de charger les paramètres d'impression.",
    noPeerConnection: 'Your browser does not support this API',
    logoutFailed: 'Unable to logout!',
    network: 'Serveur injoignable. Vérifiez la connexion réseau.',
    server: 'Le serveur a rencontré une erreur. Réessayez dans un instant.',
    sessionExpired: 'Votre session a expiré. Merci de vous reconnecter.',
    forbidden: "Vous n'avez pas les droits pour cette action.",
    unexpectedAnswer: 'Réponse inattendue du serveur.',
    notFoundPage: "Cette page n'existe pas.",
    screenLoad: "Impossible de charger l'écran. Vérifiez la connexion puis réessayez.",
    retry: 'Réessayer',
    backHome: "Retour à l'accueil",
  },
  login: {
    title: 'Connexion',
    subtitle: 'Entrepôt — accès du personnel',
    username: 'Identifiant',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    submit: 'Se connecter',
    invalidCredentials: 'Identifiant ou mot de passe incorrect.',
  },
  layout: {
    home: 'Home',
    homeLink: 'Accueil',
    dashboard: 'Dashboard',
    openMenu: 'Ouvrir le menu',
    close: 'Fermer',
    account: 'Mon compte',
    logout: 'Déconnexion',
    loggedOut: 'Vous êtes déconnecté.',
    search: 'Rechercher',
    themeLight: 'Thème clair',
    themeDark: 'Thème sombre',
    welcome: 'Bienvenue',
    welcomeName: (name: string) => `Bonjour ${name}`,
    homeIntro: 'Choisissez une tâche.',
    noWarehouseAccess: "Votre compte n'a pas accès aux écrans de l'entrepôt.",
    shopScreens: 'Écrans boutique',
    navMini: 'Réduire le menu',
    navFull: 'Agrandir le menu',
  },
  indicators: {
    debug: 'Mode débug activé',
    ipOk: (ip: string) => `Votre ip est accessible : ${ip}`,
    ipKo: 'Votre IP local est inaccessible',
    agentOk: 'Vous pouvez imprimer',
    agentKo: AGENT_NOT_RUNNING,
    /** The button opens the set-up steps. */
    agentRefused: AGENT_REFUSED,
    computerOk: 'Votre ordinateur est configuré',
    computerKo: "Votre ordinateur n'est pas configuré",
    admin: 'Accès administrateur',
    offline: 'Hors ligne',
    offlineDetail: ' — serveur injoignable',
  },
  /** A page opened over plain HTTP (docs/architecture.md, secure contexts): what it cannot do, and the way to https. */
  insecure: {
    title: 'Connexion non sécurisée (HTTP)',
    text: "Sur cette adresse, l'application ne peut ni s'installer, ni démarrer hors ligne, ni utiliser la caméra. Les scans au clavier et les envois fonctionnent tant que la page reste ouverte.",
    installer: 'Installer le certificat du site',
    hide: 'Masquer',
  },
  scan: {
    placeholder: 'Scannez ou saisissez un code',
    busy: 'Envoi en cours',
    waiting: (n: number) => `${n} scans en attente`,
    typeByHand: 'Saisir au clavier',
    openCamera: 'Scanner avec la caméra',
    diagnosticsTitle: 'Diagnostic scanner',
    diagnosticsSubtitle: 'Réglez la lecture des codes et le retour sonore de cet appareil.',
  },
  search: {
    placeholder: 'Search...',
    empty: 'Please enter keywords',
    notFound: 'Not found',
    noResults: (query: string) =>
      `No results found for "${query}". Try checking for typos or using complete words.`,
  },
  printing: {
    useLabel: { label: 'étiquette', a4: 'A4' },
    noPrinter: (use: string) => `Aucune imprimante « ${use} » configurée pour ce poste.`,
    agentNotReady: AGENT_NOT_RUNNING,
    agentRefused: AGENT_REFUSED,
    printFailed: (printer: string, detail: string) => `L'impression sur « ${printer} » a échoué : ${detail}`,
  },
  /** An order in exception, as 'Colis' and 'Information commande' both say it (lib/ui/order-hold-notice). */
  orderHold: {
    tote: (code: string) => `Caisse ${code} : sur l'étagère anomalies.`,
  },
} as const
