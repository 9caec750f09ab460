/** Spanish texts of the provider's mail outbox screen (`mailOutbox.*`); the reference for en and fr. */
export const mailOutboxEs = {
  title: "Correos enviados",
  subtitle: "Cada correo que envía el producto. Sin servidor SMTP configurado quedan aquí, en la bandeja de salida.",
  filter: "Filtrar por destinatario",
  columns: { to: "Para", subject: "Asunto", state: "Estado", attempts: "Intentos", created: "Creado" },
  states: { outbox: "En bandeja", queued: "En cola", sent: "Enviado", failed: "Falló" },
  empty: "No hay correos.",
  body: "Contenido",
};
