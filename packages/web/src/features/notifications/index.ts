// The notifications feature's only door: the notification bell and the operator's notification settings.
export { NotificationBell } from "./notification-bell";
export { NotificationSettings } from "./notification-settings";
export { texts } from "./texts";
