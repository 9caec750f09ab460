// Chilean RUT (Rol Único Tributario): a body of digits and a check digit (0-9 or K) computed modulo 11.
// Small enough to own: the rule is fixed by law and the well-known libraries add formatting we do not need.

/** The check digit of a RUT body ("12345678" → "5"; 10 reads as K, 11 as 0). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? "0" : rest === 10 ? "K" : String(rest);
}

/** The RUT as stored, "12345678-5" (no dots, upper-case K), or null when it is not a valid RUT: written
 * with or without dots and hyphen, a body of 1 to 8 digits (no leading zero) and the right check digit. */
export function normalizeRut(value: string): string | null {
  const compact = value.trim().replace(/[.\s]/g, "").replace("-", "").toUpperCase();
  const match = /^([1-9]\d{0,7})([\dK])$/.exec(compact);
  if (!match) return null;
  const [, body, digit] = match as unknown as [string, string, string];
  return rutCheckDigit(body) === digit ? `${body}-${digit}` : null;
}

/** True for a valid RUT (check digit included). */
export function isValidRut(value: string): boolean {
  return normalizeRut(value) !== null;
}

/** A RUT as people write it: "12.345.678-5"; what is not a valid RUT is shown as given. */
export function formatRut(value: string): string {
  const rut = normalizeRut(value);
  if (!rut) return value;
  const [body, digit] = rut.split("-") as [string, string];
  return `${body.replace(/\B(?=(\d{3})+$)/g, ".")}-${digit}`;
}
