import type { reportedUsersEs } from "./messages-es";

/** French texts of the reported users screen. */
export const reportedUsersFr: typeof reportedUsersEs = {
  title: "Utilisateurs signalés",
  subtitle: "Membres de la communauté signalés pour leurs rapports ou commentaires sur les rapports de votre organisation.",
  loadError: "Impossible de charger les utilisateurs signalés.",
  empty: "Personne n'a signalé d'utilisateurs de vos rapports.",
  total: "{{count}} utilisateurs",
  columns: {
    name: "Utilisateur",
    complaints: "Signalements",
    reports: "Rapports",
    status: "État",
    actions: "Actions",
  },
  status: {
    locked: "Bloqué",
    active: "Actif",
  },
  noName: "Utilisateur n° {{id}}",
  actions: {
    impact: "Voir l'impact de {{name}}",
    lock: "Bloquer {{name}}",
    unlock: "Débloquer {{name}}",
  },
  confirmLock: {
    title: "Bloquer {{name}} ?",
    text: "Il ne pourra plus utiliser l'application et sa session sera fermée immédiatement.",
    ok: "Bloquer",
  },
  confirmUnlock: {
    title: "Débloquer {{name}} ?",
    text: "Il pourra de nouveau se connecter à l'application.",
    ok: "Débloquer",
  },
  cancel: "Annuler",
  locked: "{{name}} a été bloqué.",
  unlocked: "{{name}} a été débloqué.",
  impact: {
    title: "Impact de {{name}}",
    hint: "Compté sur les rapports que votre organisation traite.",
    reports: "Rapports",
    attended: "Traités",
    solved: "Résolus",
    false: "Sans objet",
    likes: "J'aime",
    loadError: "Impossible de charger l'impact de cet utilisateur.",
  },
};
