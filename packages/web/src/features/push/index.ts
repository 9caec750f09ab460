// The push feature's only door: the browser's push subscription and its prompt.
export { disablePush, enablePush, pushPermission } from "./push-client";
export { PushPrompt } from "./push-prompt";
