/** Spanish texts of the reported users screen (`reportedUsers.*`); the reference for en and fr. */
export const reportedUsersEs = {
  title: "Usuarios reportados",
  subtitle: "Vecinos de la comunidad denunciados por sus reportes o comentarios en los reportes de tu organización.",
  loadError: "No pudimos cargar los usuarios reportados.",
  empty: "Nadie ha denunciado a usuarios de tus reportes.",
  total: "{{count}} usuarios",
  columns: {
    name: "Usuario",
    complaints: "Denuncias",
    reports: "Reportes",
    status: "Estado",
    actions: "Acciones",
  },
  status: {
    locked: "Bloqueado",
    active: "Activo",
  },
  noName: "Usuario #{{id}}",
  actions: {
    impact: "Ver impacto de {{name}}",
    lock: "Bloquear a {{name}}",
    unlock: "Desbloquear a {{name}}",
  },
  confirmLock: {
    title: "¿Bloquear a {{name}}?",
    text: "No podrá usar la aplicación y su sesión se cerrará de inmediato.",
    ok: "Bloquear",
  },
  confirmUnlock: {
    title: "¿Desbloquear a {{name}}?",
    text: "Podrá volver a iniciar sesión en la aplicación.",
    ok: "Desbloquear",
  },
  cancel: "Cancelar",
  locked: "{{name}} fue bloqueado.",
  unlocked: "{{name}} fue desbloqueado.",
  impact: {
    title: "Impacto de {{name}}",
    hint: "Contado sobre los reportes que atiende tu organización.",
    reports: "Reportes",
    attended: "Atendidos",
    solved: "Resueltos",
    false: "No corresponde",
    likes: "Me gusta",
    loadError: "No pudimos cargar el impacto de este usuario.",
  },
};
