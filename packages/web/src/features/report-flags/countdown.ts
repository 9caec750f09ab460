/** The countdown of SPEC §3 as the panel shows it: "H:MM:SS", with whole days first ("2 d 03:04:05");
 * `late` once the due time has passed (the time since then). */
export function formatCountdown(msLeft: number): { text: string; late: boolean } {
  const late = msLeft < 0;
  const total = Math.floor(Math.abs(msLeft) / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return { text: days > 0 ? `${days} d ${clock.padStart(8, "0")}` : clock, late };
}
