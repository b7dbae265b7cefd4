const UNITS = [
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
  { unit: "second", seconds: 1 },
] as const;

export type Age = { value: number; unit: (typeof UNITS)[number]["unit"] };

/**
 * How long something has waited, short enough for a figure: its largest whole unit, to be formatted in the page's
 * language as a short unit ("3 sec", "12 min", "2 hr", "4 days"; "3 Sek.", "12 Min." in German).
 */
export function ageOf(seconds: number): Age {
  const whole = Math.max(0, Math.floor(seconds));
  const { unit, seconds: size } = UNITS.find((u) => whole >= u.seconds) ?? UNITS[3];
  return { value: Math.floor(whole / size), unit };
}
