import { useState } from "react";
import { useTranslation } from "react-i18next";
import { emailSchema } from "@atalaya/shared";
import { isApiError } from "../../lib/api";

/** The state of a visitor page that asks for an e-mail and mails something to it (pre-registration,
 * forgotten password, law-enforcement access): the address, whether it is valid, the send in progress, the
 * address it went to, and the error to show (a field's message when the server names one). */
export function useEmailRequest(send: (email: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      await send(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setError(isApiError(err) ? (err.fields[0]?.message ?? err.message) : t("errors.generalError"));
    } finally {
      setSending(false);
    }
  };
  return { email, setEmail, valid: emailSchema.safeParse(email).success, sending, sentTo, error, submit };
}
