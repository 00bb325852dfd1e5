/** The French texts of the /setup screen (the sign-in page's offer has its own: offer-text.ts). */
export const setupText = {
  title: 'Premier administrateur',
  intro:
    "Ce compte ouvre l'administration : vous y créerez ensuite les boutiques, les comptes et les postes.",
  username: 'Identifiant',
  displayName: 'Nom',
  email: 'E-mail (facultatif)',
  password: 'Mot de passe',
  passwordHint: '8 caractères au moins, et pas un mot de passe courant.',
  confirm: 'Confirmation du mot de passe',
  mismatch: 'Les deux mots de passe diffèrent.',
  submit: "Créer l'administrateur",
  created: 'Administrateur créé : bienvenue dans l’administration.',

  checking: 'Vérification du site…',
  statusFailed: 'Impossible de savoir si ce site a déjà des comptes.',
  retry: 'Réessayer',
  alreadySetUp: 'Ce site a déjà des utilisateurs : connectez-vous avec votre compte.',
  toLogin: 'Aller à la connexion',
} as const
