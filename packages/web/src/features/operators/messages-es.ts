/** Textos de las pantallas de operadores y de conexiones. */
export const operatorsEs = {
  title: "Operadores",
  subtitle: "Quién de tu organización está conectado ahora y en qué trabaja cada uno.",
  onlineCount: "{{count}} conectados ahora",
  onlineCount_one: "1 conectado ahora",
  online: "Conectado",
  offline: "Desconectado",
  lastSeen: "Visto por última vez el {{when}}",
  viewing: "Mirando",
  working: "{{count}} reportes en curso:",
  working_one: "1 reporte en curso:",
  idle: "Sin reportes en curso",
  empty: "Tu organización no tiene miembros.",
  loadError: "No pudimos cargar los operadores.",
};

/** Textos de la pantalla de conexiones. */
export const connectionsEs = {
  title: "Conexiones",
  subtitle: "Registro de conexión de los operadores con el portal: cuándo se conectaron, se desconectaron o perdieron la conexión.",
  columns: { when: "Fecha", operator: "Operador", type: "Tipo", events: "Eventos" },
  moreEvents: "y {{count}} más",
  filters: { operator: "Operador", anyOperator: "Todos los operadores", from: "Desde", to: "Hasta" },
  empty: "No hay registros de conexión para este filtro.",
  loadError: "No pudimos cargar las conexiones.",
};
