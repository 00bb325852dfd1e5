/** The admin area's French texts about people and shops: users, roles, shops, the CSV import. */
import { WAREHOUSE_ROLES, type WarehouseRole } from '@contract'
import { ROLE_LABELS } from '@/lib/role-labels'
import { plural } from '@/lib/french'

export const peopleText = {
  users: {
    tab: 'Utilisateurs',
    add: 'Nouvel utilisateur',
    editTitle: (u: string) => `Utilisateur ${u}`,
    username: 'Identifiant',
    displayName: 'Nom',
    email: 'E-mail',
    password: 'Mot de passe',
    passwordHint: '8 caractères au moins, et pas un mot de passe courant.',
    admin: 'Administrateur',
    debug: 'Mode débug',
    disabled: 'Désactivé',
    disabledHint: 'Le compte est déconnecté et ne peut plus se connecter.',
    warehouseAccess: 'Accès entrepôt',
    roles: 'Rôles',
    rolesHint: "Les rôles ne comptent qu'avec l'accès entrepôt : cocher un rôle le donne.",
    rolesWithoutAccess:
      "Sans l'accès entrepôt, ces rôles n'ouvrent aucun écran : cochez « Accès entrepôt » ou retirez les rôles.",
    shops: 'Boutiques',
    created: (u: string) => `Utilisateur ${u} créé.`,
    resetPassword: 'Réinitialiser le mot de passe',
    newPassword: 'Nouveau mot de passe',
    passwordReset: (u: string) => `Mot de passe de ${u} changé : ses sessions sont fermées.`,
    ownPasswordReset: 'Votre mot de passe est changé : vos autres sessions sont fermées.',
    closeSessions: 'Fermer les sessions',
    confirmCloseSessions: (u: string) =>
      `Fermer toutes les sessions de ${u} ? Chacun de ses appareils devra se reconnecter.`,
    confirmCloseOwnSessions: 'Fermer toutes vos sessions ? Vous devrez vous reconnecter, ici aussi.',
    sessionsClosed: (u: string) => `Sessions de ${u} fermées : ses appareils devront se reconnecter.`,
    ownSessionsClosed: 'Vos sessions sont fermées : reconnectez-vous.',
    badges: { admin: 'Admin', disabled: 'Désactivé', noAccess: 'Sans accès entrepôt' },
  },
  /** 'Impression (Print)': the French name, then the code the access profile carries. */
  roleNames: Object.fromEntries(
    WAREHOUSE_ROLES.map((role) => [role, `${ROLE_LABELS[role]} (${role})`]),
  ) as Record<WarehouseRole, string>,

  shops: {
    tab: 'Boutiques',
    add: 'Nouvelle boutique',
    editTitle: (s: string) => `Boutique ${s}`,
    slug: 'Identifiant (slug)',
    slugHint: 'Minuscules, chiffres et tirets : maison-lumiere.',
    name: 'Nom',
    code: 'Code',
    codeHint: '2 à 8 majuscules ou chiffres : ML.',
    products: (n: number) => plural(n, 'produit', 'produits'),
    created: (s: string) => `Boutique ${s} créée.`,
  },
  productImport: {
    open: 'Importer des produits (CSV)',
    title: (shop: string) => `Importer des produits dans ${shop}`,
    help: 'Une ligne par produit : SKU ; EAN-13 ; nom ; poids en grammes (facultatif). Séparateur ; ou , — une ligne d’en-tête est permise.',
    file: 'Fichier CSV',
    filePlaceholder: 'Choisir un fichier',
    paste: 'Ou collez le contenu',
    check: 'Vérifier',
    run: 'Importer',
    empty: 'Choisissez un fichier ou collez des lignes.',
    fileRead: (name: string) => `Fichier « ${name} » lu.`,
    fileReadAnsi: (name: string) =>
      `Fichier « ${name} » lu en Windows-1252 (l’encodage d’Excel) : vérifiez les accents ci-dessous avant de l’importer.`,
    counts: (r: { created: number; updated: number; unchanged: number }) =>
      `${plural(r.created, 'créé', 'créés')} · ${plural(r.updated, 'mis à jour', 'mis à jour')} · ${plural(r.unchanged, 'inchangé', 'inchangés')}`,
    dryRunTitle: 'Vérification (rien n’est encore écrit)',
    doneTitle: 'Import terminé',
    refusedTitle: (n: number) => plural(n, 'ligne refusée', 'lignes refusées'),
    noRefusal: 'Aucune ligne refusée.',
    line: 'Ligne',
    sku: 'SKU',
    reason: 'Motif',
    done: (n: number) => `Import terminé : ${plural(n, 'produit écrit', 'produits écrits')}.`,
  },
} as const
