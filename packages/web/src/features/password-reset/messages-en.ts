import type { passwordResetEs } from "./messages-es";

/** English texts of the password-reset screens. */
export const passwordResetEn: typeof passwordResetEs = {
  forgotTitle: "Forgot your password?",
  forgotSubtitle: "Enter your account's e-mail and we will send you a link to create a new one.",
  email: "Email",
  emailPlaceholder: "name@organisation.com",
  send: "Send link",
  sentTitle: "Check your e-mail",
  sentText: "If {{email}} belongs to an account, you will receive a link to reset your password. It expires in 60 minutes.",
  backToLogin: "Back to sign in",
  resetTitle: "New password",
  resetSubtitle: "Choose a new password for your account. Your other sessions will be closed.",
  password: "New password",
  passwordHelp: "8 to 64 characters, no spaces.",
  confirm: "Repeat the password",
  mismatch: "The passwords do not match",
  save: "Save password",
  doneTitle: "Password updated",
  doneText: "We will take you to the sign-in page in {{seconds}} seconds.",
  goNow: "Sign in now",
  forgotLink: "Forgot your password?",
  createLink: "Create a free account",
};
