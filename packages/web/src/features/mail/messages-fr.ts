import type { mailOutboxEs } from "./messages-es";

/** French texts of the provider's mail outbox screen. */
export const mailOutboxFr: typeof mailOutboxEs = {
  title: "Courriels envoyés",
  subtitle: "Chaque courriel que le produit envoie. Sans serveur SMTP configuré, ils restent ici, dans la boîte d'envoi.",
  filter: "Filtrer par destinataire",
  columns: { to: "À", subject: "Objet", state: "État", attempts: "Tentatives", created: "Créé" },
  states: { outbox: "Boîte d'envoi", queued: "En file", sent: "Envoyé", failed: "Échec" },
  empty: "Aucun courriel.",
  body: "Contenu",
};
