import type { passwordResetEs } from "./messages-es";

/** French texts of the password-reset screens. */
export const passwordResetFr: typeof passwordResetEs = {
  forgotTitle: "Mot de passe oublié ?",
  forgotSubtitle: "Saisissez l'e-mail de votre compte et nous vous enverrons un lien pour en créer un nouveau.",
  email: "E-mail",
  emailPlaceholder: "nom@organisation.fr",
  send: "Envoyer le lien",
  sentTitle: "Consultez votre e-mail",
  sentText: "Si {{email}} correspond à un compte, vous recevrez un lien pour réinitialiser votre mot de passe. Il expire dans 60 minutes.",
  backToLogin: "Retour à la connexion",
  resetTitle: "Nouveau mot de passe",
  resetSubtitle: "Choisissez un nouveau mot de passe pour votre compte. Vos autres sessions seront fermées.",
  password: "Nouveau mot de passe",
  passwordHelp: "De 8 à 64 caractères, sans espaces.",
  confirm: "Répétez le mot de passe",
  mismatch: "Les mots de passe ne correspondent pas",
  save: "Enregistrer le mot de passe",
  doneTitle: "Mot de passe mis à jour",
  doneText: "Nous vous conduirons à la page de connexion dans {{seconds}} secondes.",
  goNow: "Se connecter maintenant",
  forgotLink: "Mot de passe oublié ?",
  createLink: "Créer un compte gratuit",
};
