/**
 * Sizes readable by people in the user's language (pure: server pages, client forms and error texts format alike).
 */

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const;

/** Bytes in steps of 1024 as the file sizes of the portal (KB = size / 1024): 1.5 MB / 1,5 MB; 512 B. */
export function formatBytes(locale: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Intl's short name of a byte is "byte": B, as beside kB
  if (unit === 0) return `${new Intl.NumberFormat(locale).format(value)}\u00a0B`;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}
